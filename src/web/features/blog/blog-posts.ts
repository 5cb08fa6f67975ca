export interface BlogPost {
  id: string;
  question: string;
  answer: string[];
}

export const blogPosts: readonly BlogPost[] = [
  {
    id: 'react-performance',
    question: 'How can you improve the performance of a React application?',
    answer: [
      'Start by measuring instead of guessing. The React DevTools Profiler shows which components re-render and how long they take, and the browser performance panel and Lighthouse reveal slow scripts, large bundles and layout work.',
      'Avoid unnecessary re-renders. Keep state as close as possible to the components that use it, split large contexts so a change in one value does not re-render every consumer, and give list items stable keys. Where a calculation or child render is genuinely expensive, memoise it with useMemo, useCallback and memo. The optional React Compiler can add this memoisation automatically at build time.',
      'Ship less JavaScript up front. Split the code by route or feature with lazy and Suspense so users only download what the current screen needs, remove unused dependencies, and optimise images with modern formats, explicit sizes and lazy loading.',
      'Keep the interface responsive with large amounts of data. Virtualise long lists so only the visible rows are rendered, debounce expensive input handlers, and use useTransition or useDeferredValue to mark slow updates as non-urgent so typing and clicking stay smooth.',
    ],
  },
  {
    id: 'react-state-management',
    question: 'What are the different ways to manage state in a React application?',
    answer: [
      'Local component state is the default choice. useState covers simple values such as an open menu or a form field, and useReducer suits state with several related fields or many update rules. State that two siblings need can be lifted up to their nearest common parent and passed down as props.',
      'Context shares values, such as the current user, theme or language, with a whole subtree without passing props through every level. It works best for data that changes rarely, because every consumer re-renders when the value changes.',
      'Data that comes from a server is best handled by a server-state library such as TanStack Query or SWR, which take care of caching, loading and error states, background refetching and invalidation. For complex client-side state shared across the app, an external store such as Redux Toolkit, Zustand or Jotai keeps updates predictable and lets components subscribe to just the slice they need.',
      'Finally, some state belongs in the URL. Search terms, filters, sort order and the current page stored in the path or query string survive a reload, work with the back button and can be shared as a link.',
    ],
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypical inheritance work in JavaScript?',
    answer: [
      "Every JavaScript object has an internal link to another object called its prototype. When you read a property that the object does not have itself, the engine looks it up on the prototype, then on that object's prototype, and so on until the property is found or the chain ends at null. This sequence of links is the prototype chain.",
      "Objects therefore inherit directly from other objects rather than from class blueprints. Object.create(proto) makes a new object whose prototype is proto, and Object.getPrototypeOf(obj) returns an object's prototype. Methods placed on a shared prototype are stored once and reused by every object that links to it.",
      "Constructor functions and the class syntax are built on the same mechanism. Instances created with new get the constructor's prototype property as their prototype, and class Child extends Parent links Child.prototype to Parent.prototype. Class syntax is a clearer way to write this, not a different inheritance model.",
      'Writing a property always creates or updates it on the object itself, so it shadows a property of the same name further up the chain instead of changing the prototype.',
    ],
  },
  {
    id: 'do-not-set-state-directly',
    question:
      'Why should you not set state directly in React (e.g. products = [...] instead of setProducts([...]))?',
    answer: [
      'React only re-renders a component when you tell it that state has changed, and calling the setter from useState is how you tell it. Assigning a new value to the products variable just changes a local variable for the current render. React does not know about it, the screen is not updated, and on the next render the variable is set back to the value React has stored.',
      'Mutating the existing array, for example with products.push(item), is also a problem. React compares the old and new state by reference with Object.is, so if you mutate the array and pass the same array to the setter, React may skip the update. Memoised components and effects that depend on that array may also miss the change.',
      'Always create a new value and pass it to the setter, for example setProducts([...products, newProduct]) or setProducts(products.filter((p) => p.id !== id)). When the new state depends on the previous one, use the updater form, setProducts((prev) => [...prev, newProduct]), so that several updates in a row are not based on an out-of-date value.',
    ],
  },
  {
    id: 'search-products-by-name',
    question:
      'You have an array of products, each with a name, price, description and so on. How would you implement a search to find products by name?',
    answer: [
      'Keep the search text in state, bound to a controlled input, and work out the matching products from the full list during rendering instead of storing a second filtered copy in state. That way the results always match the current list and the current query.',
      'To match, normalise both sides and filter: const term = query.trim().toLowerCase(); then const results = products.filter((product) => product.name.toLowerCase().includes(term)). An empty term matches every product, so the full list shows until the user types. Using toLocaleLowerCase, or normalize to strip accents, makes the match more forgiving for other languages.',
      'For large lists, wrap the calculation in useMemo keyed on products and the query, or pass the query through useDeferredValue so typing stays responsive. If the catalogue lives on a server, send the debounced query to an API endpoint and let the database do the search, for example with an index on the name column.',
    ],
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test, and why should you write unit tests?',
    answer: [
      'A unit test is a small, automated test that checks one unit of code, such as a function, a hook or a component, in isolation from the rest of the system. It arranges some input, runs the code and asserts that the result matches what you expect. Slow or unpredictable dependencies such as the network or a database are replaced with simple fakes, so the test runs in milliseconds and gives the same result every time. In a React and TypeScript project this usually means Vitest or Jest, with React Testing Library for components.',
      'Unit tests catch bugs early, while the code is still fresh in your mind and cheap to fix. They act as a safety net when you refactor or upgrade dependencies: if the tests still pass, the behaviour has not changed.',
      'They also document how the code is supposed to behave, including edge cases, and code that is easy to unit test tends to be well structured, with small pieces and clear inputs and outputs. Run in continuous integration, they stop regressions from reaching users. Unit tests work best alongside integration and end-to-end tests, which check that the pieces work together.',
    ],
  },
];
