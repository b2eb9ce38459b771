package a

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/hibiken/asynq"
)

// claimsAPI encodes the value each call gives it as the request's body.
type claimsAPI struct {
	base string
	hc   *http.Client
}

func (c *claimsAPI) call(ctx context.Context, method, path string, in any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

var ptnr = &claimsAPI{base: "https://partner.example", hc: http.DefaultClient}

// A claimBody the claimsAPI drops a repeat of by its client_reference.
type claimBody struct {
	ClientReference string `json:"client_reference"`
	Amount          int64  `json:"amount"`
}

// A bookingBody with no field that identifies it.
type bookingBody struct {
	Amount int64 `json:"amount"`
}

// Negative: the body carries the claimBody's reference.
func submitClaim(ctx context.Context, t *asynq.Task) error {
	return ptnr.call(ctx, http.MethodPost, "/claims", &claimBody{ClientReference: t.ResultWriter().TaskID(), Amount: 1})
}

// A body with no key, and no header either.
func submitBooking(ctx context.Context, t *asynq.Task) error {
	return ptnr.call(ctx, http.MethodPost, "/bookings", &bookingBody{Amount: 1}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(asynq handler submitBooking\)`
}

// A ticketBody the partner drops a repeat of by the transaction
// reference its client assigns.
type ticketBody struct {
	ClientTransactionRef string `json:"clientTransactionRef"`
	Amount               int64  `json:"amount"`
}

// A smsBody a gateway drops a repeat of by its reference.
type smsBody struct {
	Reference string `json:"reference"`
	Text      string `json:"text"`
}

// A profileBody with the sender's preferences, which identify nothing.
type profileBody struct {
	Preference string `json:"preference"`
}

// Negative: the body carries the client's transaction reference.
func issueTicket(ctx context.Context, t *asynq.Task) error {
	return ptnr.call(ctx, http.MethodPost, "/tickets", &ticketBody{ClientTransactionRef: "issue-" + t.ResultWriter().TaskID(), Amount: 1})
}

// Negative: the body carries a reference the gateway may drop a repeat
// by; whether it does is not known here.
func textCustomer(ctx context.Context, t *asynq.Task) error {
	return ptnr.call(ctx, http.MethodPost, "/sms", &smsBody{Reference: "confirm-" + t.ResultWriter().TaskID(), Text: "booked"})
}

// A preference is no reference.
func savePreference(ctx context.Context, t *asynq.Task) error {
	return ptnr.call(ctx, http.MethodPost, "/profiles", &profileBody{Preference: "sms"}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(asynq handler savePreference\)`
}
