// Package ehr delivers result webhooks to EHR partners. Partners store the
// event_id of every delivery and acknowledge a repeated event_id without
// filing the result again (the partner integration guide, section 4.3).
package ehr

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
	"strconv"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/meridianlabs/labs/internal/providers/httpc"
)

// Endpoint is a partner's webhook receiver.
type Endpoint struct {
	PartnerID string
	URL       string
	Secret    string
}

// ResultEvent is the body of a result delivery.
type ResultEvent struct {
	EventID         string       `json:"event_id"`
	Type            string       `json:"type"` // result.final, result.corrected
	OccurredAt      time.Time    `json:"occurred_at"`
	ExternalOrderID string       `json:"external_order_id"`
	PatientMRN      string       `json:"patient_mrn"`
	Result          ResultDetail `json:"result"`
}

// NewResultEvent starts an event of type typ.
func NewResultEvent(typ string, occurred time.Time) ResultEvent {
	return ResultEvent{
		EventID:    ulid.Make().String(),
		Type:       typ,
		OccurredAt: occurred.UTC(),
	}
}

// ResultDetail is the observation.
type ResultDetail struct {
	LabResultID    string    `json:"lab_result_id"`
	TestCode       string    `json:"test_code"`
	Value          string    `json:"value"`
	Units          string    `json:"units,omitempty"`
	ReferenceRange string    `json:"reference_range,omitempty"`
	Flag           string    `json:"flag"`
	Version        int       `json:"version"`
	FinalizedAt    time.Time `json:"finalized_at"`
}

// Publisher signs and posts events.
type Publisher struct {
	http    httpc.Doer
	now     func() time.Time
	agent   string
	timeout time.Duration
}

// PublisherOption configures a Publisher.
type PublisherOption func(*Publisher)

// WithDoer replaces the HTTP client.
func WithDoer(d httpc.Doer) PublisherOption { return func(p *Publisher) { p.http = d } }

// WithClock replaces time.Now, used in signatures.
func WithClock(now func() time.Time) PublisherOption { return func(p *Publisher) { p.now = now } }

// WithTimeout bounds a delivery.
func WithTimeout(d time.Duration) PublisherOption { return func(p *Publisher) { p.timeout = d } }

// NewPublisher builds a Publisher.
func NewPublisher(opts ...PublisherOption) *Publisher {
	p := &Publisher{
		http:    httpc.DefaultHTTPClient(20 * time.Second),
		now:     time.Now,
		agent:   "meridian-labs-webhooks/1.0",
		timeout: 15 * time.Second,
	}
	for _, o := range opts {
		o(p)
	}
	return p
}

// DeliveryError is a non-2xx answer from the partner.
type DeliveryError struct {
	Status int
	Body   string
}

func (e *DeliveryError) Error() string {
	return fmt.Sprintf("ehr webhook: HTTP %d: %s", e.Status, e.Body)
}

// Deliver posts evt to the endpoint.
func (p *Publisher) Deliver(ctx context.Context, ep Endpoint, evt ResultEvent) error {
	body, err := json.Marshal(evt)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	ts := strconv.FormatInt(p.now().Unix(), 10)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", p.agent)
	req.Header.Set("X-Event-ID", evt.EventID)
	req.Header.Set("X-Timestamp", ts)
	req.Header.Set("X-Signature", Sign(ep.Secret, ts, body))
	resp, err := p.http.Do(req)
	if err != nil {
		return fmt.Errorf("ehr webhook %s: %w", ep.PartnerID, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 2048))
		return &DeliveryError{Status: resp.StatusCode, Body: string(b)}
	}
	return nil
}

// Sign computes the v1 signature: hex(HMAC-SHA256(secret, ts + "." + body)).
func Sign(secret, ts string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts))
	m.Write([]byte("."))
	m.Write(body)
	return "v1=" + hex.EncodeToString(m.Sum(nil))
}
