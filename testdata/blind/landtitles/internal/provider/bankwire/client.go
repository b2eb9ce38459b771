// Package bankwire is the client for the escrow bank's treasury API, which
// originates outgoing Fedwire transfers from the trust account.
package bankwire

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"

	"github.com/cobaltmesa/titleworks/internal/platform/jsonapi"
)

// TransferRequest originates one wire. The bank keeps Idempotency-Key
// values for 72 hours and answers a repeated key with the original
// transfer instead of sending money again.
type TransferRequest struct {
	IdempotencyKey   string `json:"-"`
	AmountCents      int64  `json:"amount_cents"`
	Currency         string `json:"currency"`
	BeneficiaryName  string `json:"beneficiary_name"`
	RoutingNumber    string `json:"beneficiary_routing_number"`
	AccountNumber    string `json:"beneficiary_account_number"`
	OriginatorToBene string `json:"originator_to_beneficiary_info"`
	EndToEndID       string `json:"end_to_end_id"`
}

// Transfer is the bank's view of a wire.
type Transfer struct {
	ID        string    `json:"id"`
	Status    string    `json:"status"`
	IMAD      string    `json:"imad,omitempty"`
	CreatedAt time.Time `json:"created_at"`
}

// Client talks to the bank. It retries transport errors and 5xx answers
// with exponential backoff; the idempotency key stays the same across
// those retries.
type Client struct {
	api       *jsonapi.Client
	policy    func() backoff.BackOff
	requestID func() string
}

// New returns a bank client.
func New(baseURL, token string) *Client {
	return &Client{
		api: jsonapi.New(baseURL, jsonapi.BearerToken(token)),
		policy: func() backoff.BackOff {
			b := backoff.NewExponentialBackOff()
			b.InitialInterval = 300 * time.Millisecond
			b.MaxInterval = 5 * time.Second
			b.MaxElapsedTime = 45 * time.Second
			return b
		},
		requestID: uuid.NewString,
	}
}

// ErrRejected is returned when the bank refuses a transfer outright.
var ErrRejected = errors.New("bankwire: transfer rejected")

// SendTransfer originates a wire.
func (c *Client) SendTransfer(ctx context.Context, req TransferRequest) (*Transfer, error) {
	if req.Currency == "" {
		req.Currency = "USD"
	}
	base := http.Header{}
	if req.IdempotencyKey != "" {
		base.Set("Idempotency-Key", req.IdempotencyKey)
	}
	op := func() (*Transfer, error) {
		h := base.Clone()
		// Per-call trace id for the bank's support desk; not a dedup key.
		h.Set("X-Request-Id", c.requestID())
		var out Transfer
		err := c.api.Do(ctx, http.MethodPost, "/v2/wires", h, req, &out)
		if err == nil {
			return &out, nil
		}
		var se *jsonapi.StatusError
		if errors.As(err, &se) && !se.Retryable() {
			if se.Status == http.StatusUnprocessableEntity {
				return nil, backoff.Permanent(fmt.Errorf("%w: %s", ErrRejected, se.Body))
			}
			return nil, backoff.Permanent(err)
		}
		return nil, err
	}
	return backoff.RetryWithData(op, backoff.WithContext(c.policy(), ctx))
}

// GetTransfer fetches a wire by the bank's id.
func (c *Client) GetTransfer(ctx context.Context, id string) (*Transfer, error) {
	var out Transfer
	op := func() (*Transfer, error) {
		err := c.api.Do(ctx, http.MethodGet, "/v2/wires/"+id, nil, nil, &out)
		var se *jsonapi.StatusError
		if errors.As(err, &se) && !se.Retryable() {
			return nil, backoff.Permanent(err)
		}
		return &out, err
	}
	return backoff.RetryWithData(op, backoff.WithContext(backoff.WithMaxRetries(c.policy(), 4), ctx))
}
