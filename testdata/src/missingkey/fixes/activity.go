package fixes

import (
	"bytes"
	"context"
	"net/http"

	"go.temporal.io/sdk/worker"
)

// Charge is a Temporal activity: the charge request goes out from a
// helper given the activity's context, whose run and activity IDs are
// the same on every retry.
func Charge(ctx context.Context, amount int64) error {
	return postCharge(ctx, amount)
}

func postCharge(ctx context.Context, amount int64) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example.com/charges", bytes.NewReader(nil))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(Temporal activity Charge\)`
	return err
}

func registerCharge(w worker.Worker) { w.RegisterActivity(Charge) }
