// Package xenvelopeuse builds the gateway's requests in helpers that
// copy a literal into a variable and then set more of its fields.
package xenvelopeuse

import (
	"context"

	"github.com/hibiken/asynq"

	"missingkey/xenvelope"
)

var gw = xenvelope.New("https://gateway.example")

// Positive: the helper's request never gets the reference.
func submitFiling(ctx context.Context, t *asynq.Task) error {
	req, err := buildRequest("c-1", "motion")
	if err != nil {
		return err
	}
	return gw.Submit(ctx, req) // want `a retry repeats the HTTP POST: the input sets no client_reference: Client.do\(\) in xenvelope.Client.Submit .*\(asynq handler submitFiling\)`
}

func buildRequest(court, desc string) (xenvelope.SubmitRequest, error) {
	req := xenvelope.SubmitRequest{CourtCode: court}
	if desc != "" {
		req.Description = desc
	}
	return req, nil
}

// Negative: the helper sets the reference after the copy.
func submitReferenced(ctx context.Context, t *asynq.Task) error {
	req, err := buildReferenced(t.ResultWriter().TaskID(), "c-1")
	if err != nil {
		return err
	}
	return gw.Submit(ctx, req)
}

func buildReferenced(ref, court string) (xenvelope.SubmitRequest, error) {
	req := xenvelope.SubmitRequest{CourtCode: court}
	req.ClientReference = "filing-" + ref
	return req, nil
}

// Negative: the literal copied in has the reference.
func submitLiteral(ctx context.Context, t *asynq.Task) error {
	req, err := buildLiteral(t.ResultWriter().TaskID())
	if err != nil {
		return err
	}
	return gw.Submit(ctx, req)
}

func buildLiteral(ref string) (xenvelope.SubmitRequest, error) {
	req := xenvelope.SubmitRequest{ClientReference: "filing-" + ref}
	req.CourtCode = "c-1"
	return req, nil
}
