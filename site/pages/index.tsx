import { useBaseUrlUtils } from '@docusaurus/useBaseUrl';
import type { ReactElement } from 'react';

export const meta = {
  title: 'Sipa — simple single-page apps in plain JavaScript',
  description:
    'Sipa is a small framework for single-page web apps in plain JavaScript, HTML and SCSS: no bundler while you develop, a helpful CLI, pages, layouts and components.',
};

interface Feature {
  title: string;
  text: string;
  href: string;
  linkLabel: string;
  Illustration: () => ReactElement;
}

function SipaMark(): ReactElement {
  return (
    <svg className="home-hero__mark" viewBox="0 0 64 64" width="88" height="88" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="60" height="60" rx="14" fill="#3f5fe0" />
      <g fill="#ffffff" fillOpacity="0.85">
        <circle cx="14" cy="11.5" r="2.4" />
        <circle cx="21" cy="11.5" r="2.4" />
        <circle cx="28" cy="11.5" r="2.4" />
      </g>
      <path
        d="M44 22.5H27a7.5 7.5 0 0 0 0 15h10a7.5 7.5 0 0 1 0 15H20"
        fill="none"
        stroke="#ffffff"
        strokeWidth="6.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A source file travelling straight into a browser window. */
function NoBuildIllustration(): ReactElement {
  return (
    <svg className="home-feature__art" viewBox="0 0 160 96" aria-hidden="true" focusable="false">
      <path className="home-art__surface" d="M14 14h34l12 12v56H14z" />
      <path className="home-art__line" d="M48 14v12h12" />
      <path className="home-art__accent-line" d="M22 40h26M22 50h18M22 60h24M22 70h14" />
      <path className="home-art__accent-line" d="M70 48h16m-6-6 6 6-6 6" />
      <rect className="home-art__surface" x="96" y="18" width="54" height="62" rx="6" />
      <path className="home-art__line" d="M96 30h54" />
      <circle className="home-art__dot" cx="103" cy="24" r="2" />
      <circle className="home-art__dot" cx="110" cy="24" r="2" />
      <path className="home-art__accent-line" d="M104 42h26M104 52h18M104 62h24M104 72h14" />
    </svg>
  );
}

/** A layout frame holding a page, which holds two components. */
function StructureIllustration(): ReactElement {
  return (
    <svg className="home-feature__art" viewBox="0 0 160 96" aria-hidden="true" focusable="false">
      <rect className="home-art__surface" x="20" y="8" width="120" height="80" rx="8" />
      <path className="home-art__line" d="M20 24h120" />
      <rect className="home-art__line-box" x="30" y="32" width="100" height="48" rx="5" />
      <rect className="home-art__accent-box" x="38" y="40" width="38" height="32" rx="4" />
      <rect className="home-art__accent-box home-art__accent-box--soft" x="84" y="40" width="38" height="14" rx="4" />
      <rect className="home-art__accent-box home-art__accent-box--soft" x="84" y="58" width="38" height="14" rx="4" />
    </svg>
  );
}

/** A terminal window with a prompt. */
function CliIllustration(): ReactElement {
  return (
    <svg className="home-feature__art" viewBox="0 0 160 96" aria-hidden="true" focusable="false">
      <rect className="home-art__surface" x="18" y="10" width="124" height="76" rx="8" />
      <path className="home-art__line" d="M18 24h124" />
      <circle className="home-art__dot" cx="27" cy="17" r="2" />
      <circle className="home-art__dot" cx="34" cy="17" r="2" />
      <circle className="home-art__dot" cx="41" cy="17" r="2" />
      <path className="home-art__accent-line" d="m30 38 8 7-8 7" />
      <path className="home-art__line" d="M46 52h40" />
      <path className="home-art__line home-art__line--muted" d="M30 64h60M30 74h44" />
      <rect className="home-art__cursor" x="92" y="46" width="6" height="10" rx="1" />
    </svg>
  );
}

const features: Feature[] = [
  {
    title: 'No build step while you develop',
    text:
      'Every file is a plain script or stylesheet that the browser loads as it is. What you write is what runs, so the debugger shows your real code. A single command minifies everything when you ship.',
    href: '/docs/guides/overview',
    linkLabel: 'How Sipa works',
    Illustration: NoBuildIllustration,
  },
  {
    title: 'Pages, layouts and components',
    text:
      'Sipa gives your app a clear structure: layouts frame pages, and pages hold reusable components with EJS templates. Routing, lifecycle hooks and state that survives a reload come built in.',
    href: '/docs/guides/guides-extras/SipaComponent/sipa-component',
    linkLabel: 'Explore components',
    Illustration: StructureIllustration,
  },
  {
    title: 'A CLI that does the chores',
    text:
      'Create a desktop or mobile project, generate pages and components, keep your index.html in sync and build a release, all with the sipa command. Live reload and SCSS compiling run while you work.',
    href: '/docs/guides/guides-basics/sipa-cli',
    linkLabel: 'Meet the CLI',
    Illustration: CliIllustration,
  },
];

export default function Home(): ReactElement {
  // The site may live under a base URL (baseUrl in the config): links to its pages go through it.
  const { withBaseUrl } = useBaseUrlUtils();
  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-title">
        <div className="home-hero__inner">
          <SipaMark />
          <h1 id="home-title" className="home-hero__title">
            SIPA
          </h1>
          <p className="home-hero__pitch">
            Simple single-page apps in plain JavaScript. No bundler, no new language: the code you write is the code the
            browser runs.
          </p>
          <div className="home-hero__actions">
            <a className="home-button home-button--primary" href={withBaseUrl('/docs/guides/installation')}>
              Get started
            </a>
            <a className="home-button" href={withBaseUrl('/docs/guides/overview')}>
              Read the guides
            </a>
            <a className="home-button" href={withBaseUrl('/docs/api/Sipa')}>
              API reference
            </a>
          </div>
          <p className="home-hero__install">
            <code>npm install -g sipa</code>
          </p>
        </div>
      </section>

      <section className="home-features" aria-labelledby="home-features-title">
        <h2 id="home-features-title" className="home-section-title">
          Why Sipa
        </h2>
        <ul className="home-features__list">
          {features.map(({ title, text, href, linkLabel, Illustration }) => (
            <li key={title} className="home-feature">
              <Illustration />
              <h3 className="home-feature__title">{title}</h3>
              <p className="home-feature__text">{text}</p>
              <a className="home-feature__link" href={withBaseUrl(href)}>
                {linkLabel}
                <span aria-hidden="true"> →</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-start" aria-labelledby="home-start-title">
        <h2 id="home-start-title" className="home-section-title">
          Up and running in three commands
        </h2>
        <ol className="home-start__steps">
          <li>
            <code>npm install -g sipa</code>
            <span>installs the command line tool.</span>
          </li>
          <li>
            <code>sipa new</code>
            <span>asks a few questions and creates your project.</span>
          </li>
          <li>
            <code>sipa server</code>
            <span>starts the development server with live reload. Run it inside the new project folder.</span>
          </li>
        </ol>
        <p className="home-start__more">
          Sipa is free software under the LGPL-3.0. Find the source on{' '}
          <a href="https://github.com/sipa-js/sipa">GitHub</a>, the package on{' '}
          <a href="https://www.npmjs.com/package/sipa">npm</a>, and more about these docs on the{' '}
          <a href={withBaseUrl('/markdown-page')}>about page</a>.
        </p>
      </section>
    </div>
  );
}
