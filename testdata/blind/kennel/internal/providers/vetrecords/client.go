// Package vetrecords is a client for the vet-records verification vendor.
//
// The vendor contacts the issuing clinic, checks the uploaded certificate and
// reports the result to our webhook. Submissions are billed per verification.
// POST /v2/verifications honours an Idempotency-Key header: a repeated key
// within 72 hours returns the original verification instead of opening a new
// one.
package vetrecords

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/rs/xid"
)

// Client talks to the vendor's REST API.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

// New returns a client.
func New(baseURL, apiKey string) *Client {
	return &Client{
		baseURL: baseURL,
		apiKey:  apiKey,
		http:    &http.Client{Timeout: 20 * time.Second},
	}
}

// Submission is one verification request.
type Submission struct {
	// Reference is our handle for the submission; it is sent as the
	// Idempotency-Key and echoed back on webhooks.
	Reference      string            `json:"reference"`
	PatientName    string            `json:"patient_name"`
	Species        string            `json:"species"`
	OwnerName      string            `json:"owner_name"`
	OwnerPhone     string            `json:"owner_phone,omitempty"`
	Vaccine        string            `json:"vaccine"`
	AdministeredOn string            `json:"administered_on"`
	ExpiresOn      string            `json:"expires_on,omitempty"`
	ClinicName     string            `json:"clinic_name,omitempty"`
	DocumentURL    string            `json:"document_url"`
	CallbackURL    string            `json:"callback_url,omitempty"`
	Metadata       map[string]string `json:"metadata,omitempty"`
}

// RecordInfo is what NewSubmission needs from our side.
type RecordInfo struct {
	RecordID       string
	DogName        string
	OwnerName      string
	OwnerPhone     string
	Vaccine        string
	AdministeredOn time.Time
	ExpiresOn      *time.Time
	ClinicName     string
	DocumentURL    string
}

// NewSubmission fills a Submission from a stored record.
func NewSubmission(r RecordInfo, callbackURL string) Submission {
	s := Submission{
		Reference:      "vs_" + xid.New().String(),
		PatientName:    r.DogName,
		Species:        "canine",
		OwnerName:      r.OwnerName,
		OwnerPhone:     r.OwnerPhone,
		Vaccine:        r.Vaccine,
		AdministeredOn: r.AdministeredOn.Format("2006-01-02"),
		ClinicName:     r.ClinicName,
		DocumentURL:    r.DocumentURL,
		CallbackURL:    callbackURL,
		Metadata:       map[string]string{"record_id": r.RecordID},
	}
	if r.ExpiresOn != nil {
		s.ExpiresOn = r.ExpiresOn.Format("2006-01-02")
	}
	return s
}

// Verification is the vendor's view of a submission.
type Verification struct {
	ID        string            `json:"id"`
	Reference string            `json:"reference"`
	Status    string            `json:"status"` // queued | in_review | verified | rejected
	Reason    string            `json:"reason,omitempty"`
	Metadata  map[string]string `json:"metadata,omitempty"`
	CreatedAt time.Time         `json:"created_at"`
}

// APIError is a non-2xx response.
type APIError struct {
	Status  int
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("vetrecords: %d %s: %s", e.Status, e.Code, e.Message)
}

// Temporary reports whether the request may succeed if repeated.
func (e *APIError) Temporary() bool { return e.Status == 429 || e.Status >= 500 }

// Submit opens a verification.
func (c *Client) Submit(ctx context.Context, s Submission) (*Verification, error) {
	var v Verification
	if err := c.do(ctx, http.MethodPost, "/v2/verifications", s.Reference, s, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

// Get returns a verification by vendor ID.
func (c *Client) Get(ctx context.Context, id string) (*Verification, error) {
	var v Verification
	if err := c.do(ctx, http.MethodGet, "/v2/verifications/"+id, "", nil, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

func (c *Client) do(ctx context.Context, method, path, idemKey string, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if idemKey != "" {
		req.Header.Set("Idempotency-Key", idemKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("vetrecords %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(raw, out)
}
