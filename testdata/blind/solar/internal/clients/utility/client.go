// Package utility is the client for the electric utility's interconnection
// portal (net-metering applications, meter exchanges, permission to operate).
package utility

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Client talks to one utility's interconnection API.
type Client struct {
	baseURL   string
	apiKey    string
	hookToken string
	http      *http.Client
}

// New builds a Client.
func New(baseURL, apiKey, hookToken string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, hookToken: hookToken, http: &http.Client{Timeout: 30 * time.Second}}
}

// InterconnectionRequest is a Level 1 net-metering application. When
// external_id is present the portal returns the existing application for a
// repeated external_id instead of opening a new one.
type InterconnectionRequest struct {
	ExternalID      string  `json:"external_id,omitempty"`
	AccountNumber   string  `json:"account_number"`
	ServiceAddress  string  `json:"service_address"`
	CustomerName    string  `json:"customer_name"`
	InverterModel   string  `json:"inverter_model"`
	InverterCount   int     `json:"inverter_count"`
	SystemKWAC      float64 `json:"system_kw_ac"`
	BatteryKWh      float64 `json:"battery_kwh,omitempty"`
	InstallerLicNo  string  `json:"installer_license"`
	OneLineDiagram  string  `json:"one_line_diagram_url"`
	RequestedTariff string  `json:"tariff"`
}

// Application is the portal's record of an interconnection request.
type Application struct {
	ApplicationRef string `json:"application_ref"`
	Status         string `json:"status"`
}

// MeterSwapRequest asks the utility to exchange the meter for a
// bidirectional one.
type MeterSwapRequest struct {
	ApplicationRef string `json:"application_ref"`
	AccountNumber  string `json:"account_number"`
	AccessNotes    string `json:"access_notes"`
	ContactPhone   string `json:"contact_phone"`
}

// MeterSwapTicket is the field-service ticket the utility opened.
type MeterSwapTicket struct {
	TicketNumber string `json:"ticket_number"`
	WindowStart  string `json:"window_start"`
}

// PTOEvent is the permission-to-operate webhook body.
type PTOEvent struct {
	EventID        string    `json:"event_id"`
	ApplicationRef string    `json:"application_ref"`
	ExternalID     string    `json:"external_id"`
	GrantedAt      time.Time `json:"granted_at"`
	Letter         string    `json:"letter_url"`
}

// SubmitInterconnection files an application.
func (c *Client) SubmitInterconnection(ctx context.Context, req InterconnectionRequest) (*Application, error) {
	var out Application
	if err := c.post(ctx, "/applications", req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// RequestMeterSwap opens a meter exchange ticket.
func (c *Client) RequestMeterSwap(ctx context.Context, req MeterSwapRequest) (*MeterSwapTicket, error) {
	var out MeterSwapTicket
	if err := c.post(ctx, "/applications/"+req.ApplicationRef+"/meter-exchange", req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// VerifyWebhook checks the bearer token the utility sends on callbacks.
func (c *Client) VerifyWebhook(r *http.Request) bool {
	got := r.Header.Get("Authorization")
	return subtle.ConstantTimeCompare([]byte(got), []byte("Bearer "+c.hookToken)) == 1
}

func (c *Client) post(ctx context.Context, path string, in, out any) error {
	raw, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Api-Key", c.apiKey)
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("utility: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 2048))
		return fmt.Errorf("utility: POST %s: %d %s", path, resp.StatusCode, b)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
