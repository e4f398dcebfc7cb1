// "tag them 'webinar'", "add the tag VIP": in a mailing or CRM app that tags its records through a resource of its own
// (ActiveCampaign's "contactTag: add", ConvertKit's "tagSubscriber: add", Mailchimp's "memberTag: create"), the tag
// is put on the record with that resource's operation, not an update of the record's fields.
import { nodeCatalog } from '../catalog/nodeCatalog.ts';
import { stepLists, walkSteps, type Step } from '../spec.ts';

/** A step said as tagging: "tag them …", "add the tag …", "apply a 'VIP' tag". */
const TAGGING =
  /^(?:(?:and|then|also|just|finally|->|→)\s+)*(?:tag\b|(?:add|apply|attach|put)\s+(?:(?:a|an|the|their|its)\s+)?(?:['"‘“][^'"’”]{1,40}['"’”]\s+)?tags?\b)/i;

/** The app's resource that puts a tag on one of its records, with the operation that does it. */
export function tagResource(app: string): { resource: string; operation: string } | undefined {
  const ops = nodeCatalog().app(app)?.operations ?? [];
  const op = ops.find(
    (o) =>
      /^(?:contact|member|subscriber)tag$|^tag(?:subscriber|contact|member)$/i.test(o.resource ?? '') &&
      /^(?:add|create)$/.test(o.operation),
  );
  return op?.resource ? { resource: op.resource, operation: op.operation } : undefined;
}

/** Turns "tag them …" updates into the app's own tagging step where it has one. */
export function tagSteps(steps: Step[]): void {
  walkSteps(steps, (s) => {
    if (s.kind !== 'app' || (s.verb !== 'update' && s.verb !== 'create') || !TAGGING.test(s.phrase.trim())) return;
    const tag = tagResource(s.app);
    if (!tag) return;
    s.verb = 'create';
    s.noun = tag.resource;
  });
  // "add them to ConvertKit and tag them 'buyer'": where tagging a subscriber also adds them (ConvertKit's
  // "tagSubscriber: add" subscribes an address it does not have yet), the add said before is that same step.
  for (const list of stepLists(steps))
    for (let i = list.length - 1; i > 0; i--) {
      const tagged = list[i]!;
      const added = list[i - 1]!;
      if (
        tagged.kind === 'app' &&
        added.kind === 'app' &&
        tagged.app === added.app &&
        /^tagsubscriber$/i.test(tagged.noun ?? '') &&
        added.verb === 'create' &&
        added.noun === 'subscriber'
      )
        list.splice(i - 1, 1);
    }
}
