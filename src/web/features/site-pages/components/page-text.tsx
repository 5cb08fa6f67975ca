import { textBlocks } from '../text-blocks';

/**
 * A page's plain text, drawn as text (never as HTML): paragraphs with their line breaks, and lists. The
 * blocks have no identity but their place, and the text only changes as a whole.
 */
export function PageText({ text }: { text: string }) {
  return (
    <div className="flex flex-col gap-4 leading-relaxed">
      {textBlocks(text).map((block, index) =>
        block.kind === 'paragraph' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <p key={index} className="whitespace-pre-line">
            {block.text}
          </p>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <ul key={index} className="list-disc space-y-1 pl-6">
            {block.items.map((item, itemIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={itemIndex}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
