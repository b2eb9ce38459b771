// Package customs is the client for the national customs authority's
// declaration API.
//
// The authority de-duplicates declaration filings on the declarant's Local
// Reference Number (LRN): re-filing an LRN that it has already accepted
// returns the original Movement Reference Number with "duplicate": true.
// Amendments are de-duplicated on the amendment reference per MRN.
package customs

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/harborline/brokerage/internal/platform/config"
)

// ErrRejected is returned when the authority rejects a submission as invalid.
var ErrRejected = errors.New("customs: submission rejected")

// Authority is the subset of the customs API this service uses.
type Authority interface {
	FileDeclaration(ctx context.Context, req FilingRequest) (*FilingResponse, error)
	SubmitAmendment(ctx context.Context, mrn string, req AmendmentRequest) (*AmendmentAck, error)
}

// FilingRequest is an import declaration (H1-style) submission.
type FilingRequest struct {
	LRN           string       `json:"lrn"`
	DeclarantEORI string       `json:"declarant_eori"`
	ImporterEORI  string       `json:"importer_eori"`
	ProcedureCode string       `json:"procedure_code"`
	PortOfEntry   string       `json:"office_of_entry"`
	OriginCountry string       `json:"country_of_origin"`
	TransportMode string       `json:"transport_mode"`
	TransportDoc  string       `json:"transport_document,omitempty"`
	Currency      string       `json:"invoice_currency"`
	Items         []FilingItem `json:"goods_items"`
}

// FilingItem is one goods item of a declaration.
type FilingItem struct {
	Sequence    int     `json:"sequence"`
	Commodity   string  `json:"commodity_code"`
	Description string  `json:"description"`
	Quantity    float64 `json:"net_quantity"`
	Unit        string  `json:"unit"`
	ValueCents  int64   `json:"statistical_value_cents"`
}

// FilingResponse is the authority's acceptance of a declaration.
type FilingResponse struct {
	MRN        string    `json:"mrn"`
	Duplicate  bool      `json:"duplicate"`
	AcceptedAt time.Time `json:"accepted_at"`
	DutyCents  int64     `json:"assessed_duty_cents"`
	VATCents   int64     `json:"assessed_vat_cents"`
}

// AmendmentRequest corrects an accepted declaration.
type AmendmentRequest struct {
	AmendmentRef string          `json:"amendment_reference"`
	Reason       string          `json:"reason"`
	Changes      json.RawMessage `json:"changes"`
}

// AmendmentAck is the authority's acknowledgement of an amendment.
type AmendmentAck struct {
	AckID     string `json:"ack_id"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate"`
}

// Client implements Authority over HTTPS with automatic retries.
type Client struct {
	http    *retryablehttp.Client
	baseURL string
	apiKey  string
	log     *slog.Logger
}

// NewClient builds the customs client from configuration.
func NewClient(cfg *config.Config, log *slog.Logger) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = cfg.Customs.MaxRetries
	rc.RetryWaitMin = 500 * time.Millisecond
	rc.RetryWaitMax = 8 * time.Second
	rc.HTTPClient.Timeout = cfg.Customs.Timeout
	rc.Logger = slogAdapter{log}
	rc.ErrorHandler = retryablehttp.PassthroughErrorHandler
	return &Client{
		http:    rc,
		baseURL: cfg.Customs.BaseURL,
		apiKey:  cfg.Customs.APIKey,
		log:     log.With("client", "customs"),
	}
}

func (c *Client) FileDeclaration(ctx context.Context, req FilingRequest) (*FilingResponse, error) {
	var out FilingResponse
	if err := c.do(ctx, http.MethodPost, "/v2/declarations", req, &out); err != nil {
		return nil, err
	}
	if out.Duplicate {
		c.log.InfoContext(ctx, "authority returned existing filing", "lrn", req.LRN, "mrn", out.MRN)
	}
	return &out, nil
}

func (c *Client) SubmitAmendment(ctx context.Context, mrn string, req AmendmentRequest) (*AmendmentAck, error) {
	var out AmendmentAck
	if err := c.do(ctx, http.MethodPost, "/v2/declarations/"+mrn+"/amendments", req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) do(ctx context.Context, method, path string, body, out any) error {
	var rdr io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("customs: encode: %w", err)
		}
		rdr = bytes.NewReader(b)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.baseURL+path, rdr)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("customs: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))

	switch {
	case resp.StatusCode == http.StatusUnprocessableEntity || resp.StatusCode == http.StatusBadRequest:
		return fmt.Errorf("%w: %s", ErrRejected, string(raw))
	case resp.StatusCode >= 300:
		return fmt.Errorf("customs: %s %s: status %d: %s", method, path, resp.StatusCode, string(raw))
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("customs: decode: %w", err)
	}
	return nil
}

type slogAdapter struct{ l *slog.Logger }

func (a slogAdapter) Error(msg string, kv ...any) { a.l.Error(msg, kv...) }
func (a slogAdapter) Info(msg string, kv ...any)  { a.l.Debug(msg, kv...) }
func (a slogAdapter) Debug(msg string, kv ...any) { a.l.Debug(msg, kv...) }
func (a slogAdapter) Warn(msg string, kv ...any)  { a.l.Warn(msg, kv...) }
