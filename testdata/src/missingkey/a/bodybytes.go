package a

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/hibiken/asynq"
)

// booker posts bodies its callers encode.
type booker struct{ hc *http.Client }

func (b *booker) post(ctx context.Context, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://courier.example/v1/bookings", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := b.hc.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(asynq handler book(Keyed|Plain)\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type bookingRequest struct {
	ClientReference string `json:"client_reference"`
	Stop            string `json:"stop"`
}

type plainBooking struct {
	Stop string `json:"stop"`
}

var bk = &booker{hc: http.DefaultClient}

// Negative while every caller of post encodes a body whose
// client_reference the partner deduplicates on.
func bookKeyed(ctx context.Context, t *asynq.Task) error {
	body, err := json.Marshal(bookingRequest{ClientReference: t.ResultWriter().TaskID(), Stop: "a"})
	if err != nil {
		return err
	}
	return bk.post(ctx, body)
}

// A caller that encodes a body without one makes post a defect.
func bookPlain(ctx context.Context, t *asynq.Task) error {
	body, err := json.Marshal(plainBooking{Stop: "b"})
	if err != nil {
		return err
	}
	return bk.post(ctx, body)
}

// keyedPoster posts only keyed bodies.
type keyedPoster struct{ hc *http.Client }

func (k *keyedPoster) post(ctx context.Context, body []byte) error {
	resp, err := k.hc.Post("https://courier.example/v1/bookings", "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

var kp = &keyedPoster{hc: http.DefaultClient}

// Negative: every call of keyedPoster.post gives a keyed body.
func bookOnce(ctx context.Context, t *asynq.Task) error {
	body, err := json.Marshal(&bookingRequest{ClientReference: t.ResultWriter().TaskID()})
	if err != nil {
		return err
	}
	return kp.post(ctx, body)
}
