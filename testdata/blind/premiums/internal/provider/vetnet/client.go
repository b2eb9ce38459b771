// Package vetnet is the client for the VetNet partner network: clinic
// bookings, medical-record requests and claim-decision notices.
//
// VetNet deduplicates decision notices on notice_id. Bookings and record
// requests have no idempotency support: every accepted POST creates a new
// appointment / request at the clinic.
package vetnet

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

func NewClient(baseURL, apiKey string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, http: &http.Client{Timeout: 15 * time.Second}}
}

// Network is the subset of VetNet used by services.
type Network interface {
	BookAppointment(ctx context.Context, req BookingRequest) (Booking, error)
	RequestMedicalRecords(ctx context.Context, req RecordsRequest) (string, error)
	SendDecisionNotice(ctx context.Context, n DecisionNotice) error
}

type BookingRequest struct {
	ClinicCode string    `json:"clinic_code"`
	PetName    string    `json:"pet_name"`
	Species    string    `json:"species"`
	OwnerName  string    `json:"owner_name"`
	OwnerPhone string    `json:"owner_phone"`
	SlotStart  time.Time `json:"slot_start"`
	Kind       string    `json:"kind"`
	PolicyRef  string    `json:"policy_ref"`
}

type Booking struct {
	ConfirmationID string    `json:"confirmation_id"`
	SlotStart      time.Time `json:"slot_start"`
}

type RecordsRequest struct {
	ClinicCode string `json:"clinic_code"`
	PetName    string `json:"pet_name"`
	ClaimRef   string `json:"claim_ref"`
	FromDate   string `json:"from_date"`
}

type DecisionNotice struct {
	NoticeID      string `json:"notice_id"`
	ClinicCode    string `json:"clinic_code"`
	ClaimRef      string `json:"claim_ref"`
	InvoiceNumber string `json:"invoice_number"`
	Decision      string `json:"decision"`
	ApprovedMinor int64  `json:"approved_minor"`
	PayingClinic  bool   `json:"paying_clinic"`
}

func (c *Client) post(ctx context.Context, path string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return fmt.Errorf("vetnet %s: %d: %s", path, resp.StatusCode, data)
	}
	if out != nil {
		return json.Unmarshal(data, out)
	}
	return nil
}

func (c *Client) BookAppointment(ctx context.Context, req BookingRequest) (Booking, error) {
	var b Booking
	err := c.post(ctx, "/v1/bookings", req, &b)
	return b, err
}

func (c *Client) RequestMedicalRecords(ctx context.Context, req RecordsRequest) (string, error) {
	var out struct {
		RequestID string `json:"request_id"`
	}
	err := c.post(ctx, "/v1/records-requests", req, &out)
	return out.RequestID, err
}

func (c *Client) SendDecisionNotice(ctx context.Context, n DecisionNotice) error {
	return c.post(ctx, "/v1/decision-notices", n, nil)
}

// VerifySignature checks the X-VetNet-Signature header of a callback.
func VerifySignature(secret string, body []byte, sig string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(sig))
}
