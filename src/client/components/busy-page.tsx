import { StatusPage } from './status-page';
import { Spinner } from './ui/spinner';

/** A full page saying that something is under way (confirming, unsubscribing), announced politely. */
export function BusyPage({ text }: { text: string }) {
  return (
    <StatusPage
      title={
        <span role="status" className="inline-flex flex-col items-center gap-5">
          <Spinner className="text-accent" />
          {text}
        </span>
      }
    />
  );
}
