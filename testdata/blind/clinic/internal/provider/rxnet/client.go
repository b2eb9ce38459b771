// Package rxnet is a client for the RxNet e-prescribing network.
//
// RxNet de-duplicates POSTs that carry the same Idempotency-Key for 72 hours
// and returns the original response for the replay.
package rxnet

import (
	"context"
	"net/http"

	"github.com/avast/retry-go/v4"

	"github.com/acme/clinic/internal/config"
	"github.com/acme/clinic/internal/provider/httpclient"
)

type Prescription struct {
	PrescriberNPI  string `json:"prescriber_npi"`
	PatientRef     string `json:"patient_ref"`
	PatientName    string `json:"patient_name"`
	MedicationCode string `json:"medication_ndc"`
	Sig            string `json:"sig"`
	Quantity       int    `json:"quantity"`
	Refills        int    `json:"refills"`
	PharmacyNCPDP  string `json:"pharmacy_ncpdp"`
}

type Renewal struct {
	OriginalRef string `json:"original_ref"`
	Quantity    int    `json:"quantity"`
	Note        string `json:"note,omitempty"`
}

type Result struct {
	Ref    string `json:"rx_ref"`
	Status string `json:"status"`
}

// Client is safe for concurrent use.
type Client struct {
	hc       *httpclient.Client
	attempts uint
}

func New(cfg config.Config) (*Client, error) {
	hc, err := httpclient.New(cfg.RxNet.BaseURL, cfg.RxNet.Timeout, httpclient.WithBearer(cfg.RxNet.APIKey))
	if err != nil {
		return nil, err
	}
	return &Client{hc: hc, attempts: 4}, nil
}

// Send transmits a new prescription. Callers pass httpclient options such as
// WithIdempotencyKey.
func (c *Client) Send(ctx context.Context, p Prescription, opts ...httpclient.Option) (Result, error) {
	return c.post(ctx, "/prescriptions", p, opts)
}

// SendRenewal transmits a renewal of a previously sent prescription.
func (c *Client) SendRenewal(ctx context.Context, r Renewal, opts ...httpclient.Option) (Result, error) {
	return c.post(ctx, "/prescriptions/"+r.OriginalRef+"/renewals", r, opts)
}

func (c *Client) post(ctx context.Context, path string, body any, opts []httpclient.Option) (Result, error) {
	all := append([]httpclient.Option{httpclient.WithJSONBody(body)}, opts...)
	return retry.DoWithData(func() (Result, error) {
		var out Result
		err := c.hc.Do(ctx, http.MethodPost, path, &out, all...)
		if err != nil && !httpclient.IsRetryable(err) {
			return out, retry.Unrecoverable(err)
		}
		return out, err
	},
		retry.Context(ctx),
		retry.Attempts(c.attempts),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
	)
}
