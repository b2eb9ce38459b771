// Package taxvault is a client for the TaxVault form collection API.
//
// A form request is identified by its external_reference: creating a
// request with a reference that TaxVault has already seen returns the
// existing request (HTTP 200) instead of creating a new one (HTTP 201), and
// no second signing email is sent.
package taxvault

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/google/wire"

	"github.com/soundledger/artistpay/internal/config"
)

// ProviderSet wires the TaxVault client.
var ProviderSet = wire.NewSet(NewFromConfig, wire.Bind(new(API), new(*Client)))

// API is the TaxVault surface used by the service.
type API interface {
	CreateFormRequest(ctx context.Context, in FormRequestInput) (*FormRequest, error)
}

// FormRequestInput asks TaxVault to collect a form from a payee.
type FormRequestInput struct {
	ExternalReference string `json:"external_reference"`
	FormType          string `json:"form_type"`
	TaxYear           int    `json:"tax_year"`
	PayeeName         string `json:"payee_name"`
	PayeeEmail        string `json:"payee_email"`
	Country           string `json:"country"`
	RedirectURL       string `json:"redirect_url,omitempty"`
}

// FormRequest is an open request for a form.
type FormRequest struct {
	ID                string `json:"id"`
	ExternalReference string `json:"external_reference"`
	Status            string `json:"status"`
	SigningURL        string `json:"signing_url"`
}

// Event is a webhook from TaxVault.
type Event struct {
	ID                string    `json:"id"`
	Type              string    `json:"type"`
	FormID            string    `json:"form_id"`
	RequestID         string    `json:"request_id"`
	ExternalReference string    `json:"external_reference"`
	FormType          string    `json:"form_type"`
	TaxYear           int       `json:"tax_year"`
	SignedAt          time.Time `json:"signed_at"`
	Status            string    `json:"status"`
}

// Client talks to TaxVault.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

// NewFromConfig builds a client.
func NewFromConfig(cfg config.Config) *Client {
	return &Client{
		baseURL: strings.TrimRight(cfg.TaxVaultBaseURL, "/"),
		apiKey:  cfg.TaxVaultAPIKey,
		http:    &http.Client{Timeout: cfg.ProviderTimeout},
	}
}

// CreateFormRequest opens (or returns the existing) form request.
func (c *Client) CreateFormRequest(ctx context.Context, in FormRequestInput) (*FormRequest, error) {
	b, err := json.Marshal(in)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v2/form-requests", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("taxvault: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		return nil, fmt.Errorf("taxvault: status %d: %s", resp.StatusCode, raw)
	}
	var out FormRequest
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ErrBadSignature is returned for webhook bodies that fail verification.
var ErrBadSignature = errors.New("taxvault: bad signature")

// VerifyEvent checks the X-TaxVault-Signature header (hex HMAC-SHA256 of
// the body) and decodes the event.
func VerifyEvent(body []byte, signature, secret string) (Event, error) {
	var ev Event
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(signature)) {
		return ev, ErrBadSignature
	}
	err := json.Unmarshal(body, &ev)
	return ev, err
}
