// Package xpbm is a pharmacy benefit manager's client: every request
// goes through send, which encodes what it is given.
package xpbm

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

type Client struct {
	http *http.Client
	base string
}

func (c *Client) send(ctx context.Context, method, path string, in, out any) error {
	buf, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(buf))
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(out)
}

type reversalRequest struct {
	ReversalReference string `json:"reversal_reference"`
	Reason            string `json:"reason"`
}

type Reversal struct {
	ID string `json:"id"`
}

// ReverseClaim sends a reversal; the switch keys reversals on
// reversal_reference.
func (c *Client) ReverseClaim(ctx context.Context, claimRef, reason string) (*Reversal, error) {
	return retry.DoWithData(func() (*Reversal, error) {
		req := reversalRequest{
			ReversalReference: uuid.NewString(), // want `a retry sends a new value as the request.s ReversalReference field, the reference by which its receiver knows it, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(retry.Do function func literal in Client.ReverseClaim\)`
			Reason:            reason,
		}
		var out Reversal
		if err := c.send(ctx, http.MethodPost, "/claims/"+claimRef+"/reversals", req, &out); err != nil {
			return nil, err
		}
		return &out, nil
	})
}

// ReverseWithReference sends a reversal under a reference its caller
// gives.
func (c *Client) ReverseWithReference(ctx context.Context, claimRef, reason string) (*Reversal, error) {
	req := reversalRequest{ReversalReference: claimRef + "-reversal", Reason: reason}
	var out Reversal
	err := c.send(ctx, http.MethodPost, "/claims/"+claimRef+"/reversals", req, &out)
	return &out, err
}

// PriorAuth is a prior authorization request, sent whole.
type PriorAuth struct {
	SubmitterRef string `json:"submitter_ref"`
	// OriginalRef names the request this one amends: every amendment
	// repeats it.
	OriginalRef string `json:"original_ref"`
	Drug        string `json:"drug"`
}

// SubmitPriorAuth sends a prior authorization request.
func (c *Client) SubmitPriorAuth(ctx context.Context, pa PriorAuth) error {
	var out struct{}
	return c.send(ctx, http.MethodPost, "/prior-authorizations", pa, &out)
}

// traceRequest is what a trace export carries; Trace is no reference.
type traceRequest struct {
	Trace string `json:"trace"`
}

// ExportTrace sends a trace under a fresh ID of its own.
func (c *Client) ExportTrace(ctx context.Context) error {
	var out struct{}
	return c.send(ctx, http.MethodPost, "/traces", traceRequest{Trace: uuid.NewString()}, &out)
}
