// A table of records: column headers, an optional caption for screen readers, and the rows,
// scrolling sideways on narrow screens; or, for a table of `cards`, each row shown as a card on a
// phone (its cells one under the other, each labelled with its column by the cell's `data-label`),
// so that a row's actions are on screen without scrolling sideways.
import type { ReactNode } from 'react';

export function Table({
  headers,
  caption,
  cards,
  children,
}: {
  headers: (string | false)[];
  caption?: string;
  cards?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className={cards ? 'cards' : undefined}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {headers
              .filter((h): h is string => h !== false)
              .map((h) => (
                <th scope="col" key={h}>
                  {h}
                </th>
              ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
