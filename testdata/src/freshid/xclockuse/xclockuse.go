// Package xclockuse sends messages whose references another package
// makes from the clock.
package xclockuse

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/hibiken/asynq"

	"freshid/xclock"
)

// smsRequest is a gateway's request: it drops a repeat with the same
// client reference.
type smsRequest struct {
	To              string `json:"to"`
	ClientReference string `json:"client_reference"`
	SentAt          int64  `json:"sent_at"`
}

func send(ctx context.Context, req smsRequest) error {
	body, _ := json.Marshal(req)
	r, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://sms.example/messages", bytes.NewReader(body))
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The reference is the time of each attempt.
func remind(ctx context.Context, t *asynq.Task) error {
	return send(ctx, smsRequest{To: "+1", ClientReference: xclock.Ref("exp", string(t.Payload()))}) // want `a retry sends a new value as the request's client_reference field.*xclock.Ref\(\) is fresh on every attempt`
}

// Negative: the time goes to a field no receiver deduplicates on.
func remindStamped(ctx context.Context, t *asynq.Task) error {
	return send(ctx, smsRequest{To: "+1", ClientReference: "exp-" + t.ResultWriter().TaskID(), SentAt: xclock.Stamp()})
}

// A reminder service whose clock the program's wiring gives it.
type reminders struct {
	now func() time.Time
}

// The reference is the injected clock's reading, to the nanosecond.
func (r *reminders) remind(ctx context.Context, t *asynq.Task) error {
	ref := "exp-" + strconv.FormatInt(r.now().UnixNano(), 36) // want `a retry sends a new value as the request's client_reference field.*now\(\) is fresh on every attempt`
	return send(ctx, smsRequest{To: "+1", ClientReference: ref})
}

// Negative: the reading goes to a field no receiver deduplicates on.
func (r *reminders) remindStamped(ctx context.Context, t *asynq.Task) error {
	return send(ctx, smsRequest{To: "+1", ClientReference: "exp-" + t.ResultWriter().TaskID(), SentAt: r.now().UnixNano()})
}
