// Package notify queues family text messages and renders their templates.
package notify

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/riverqueue/river"
	"github.com/segmentio/ksuid"

	"github.com/hollowpine-memorial/plotkeeper/internal/jobs"
	"github.com/hollowpine-memorial/plotkeeper/internal/queue"
)

// Templates, keyed by name. Placeholders are {name}.
var templates = map[string]string{
	"deposit_received":    "Hollowpine Memorial Park: we received the deposit for plot {plot}. Reservation {reservation} is confirmed.",
	"interment_scheduled": "Hollowpine Memorial Park: the service for {decedent} is scheduled for {when}. We will text when the funeral home confirms.",
	"interment_confirmed": "Hollowpine Memorial Park: {funeral_home} has confirmed the service for {decedent} on {when}.",
	"interment_reminder":  "Hollowpine Memorial Park: a reminder that the service for {decedent} is tomorrow, {when}. Gates open 30 minutes before.",
	"care_receipt":        "Hollowpine Memorial Park: thank you, we received your perpetual-care payment of {amount} for {period}.",
	"engraving_submitted": "Hollowpine Memorial Park: the inscription for plot {plot} has gone to the engraver. A proof will follow.",
}

// Message is one notice to a family.
type Message struct {
	FamilyID string
	Template string
	Params   map[string]string
	// DedupKey collapses repeated enqueues of the same notice. Leave it
	// empty for one-off notices that should always go out.
	DedupKey string
}

// Queue enqueues msg for the family_notify worker, on the context's
// transaction when there is one.
func Queue(ctx context.Context, enq queue.Enqueuer, msg Message) error {
	if _, ok := templates[msg.Template]; !ok {
		return fmt.Errorf("notify: unknown template %q", msg.Template)
	}
	key := msg.DedupKey
	if key == "" {
		key = "adhoc:" + ksuid.New().String()
	}
	args := jobs.FamilyNotifyArgs{
		FamilyID: msg.FamilyID,
		Template: msg.Template,
		Params:   msg.Params,
		DedupKey: key,
	}
	return enq.Enqueue(ctx, args, &river.InsertOpts{
		Queue:      jobs.QueueMessages,
		UniqueOpts: river.UniqueOpts{ByArgs: true},
	})
}

// Render fills a template's placeholders.
func Render(name string, params map[string]string) (string, error) {
	tmpl, ok := templates[name]
	if !ok {
		return "", fmt.Errorf("notify: unknown template %q", name)
	}
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	pairs := make([]string, 0, 2*len(keys))
	for _, k := range keys {
		pairs = append(pairs, "{"+k+"}", params[k])
	}
	return strings.NewReplacer(pairs...).Replace(tmpl), nil
}
