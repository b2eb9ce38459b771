// Package xtextlineuse texts customers through the gateway's client.
package xtextlineuse

import (
	"context"

	"github.com/hibiken/asynq"

	"missingkey/xtextline"
)

var sms = xtextline.New()

// Negative: the message carries the task's ID as its reference.
func remind(ctx context.Context, t *asynq.Task) error {
	return sms.Send(ctx, xtextline.SMSRequest{To: "+1", Body: "due", ClientRef: "remind-" + t.ResultWriter().TaskID()})
}

// The notice leaves its reference empty: the client's summary says its
// body is keyed, not by which of its parameter's fields, so the package
// stays silent (the composition root, which sees the field left empty
// at the interface call, tells it).
func notify(ctx context.Context, t *asynq.Task) error {
	return sms.Send(ctx, xtextline.SMSRequest{To: "+1", Body: "forfeited"})
}
