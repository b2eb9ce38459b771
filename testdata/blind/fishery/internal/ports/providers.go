package ports

import (
	"context"
	"encoding/json"
	"time"
)

// ---- payments -------------------------------------------------------------

type ChargeRequest struct {
	CustomerRef string
	AmountMinor int64
	Currency    string
	Description string
	Metadata    map[string]string
	// IdempotencyKey is sent as the Idempotency-Key header. The provider
	// returns the original charge for a repeated key within 24h.
	IdempotencyKey string
}

type Charge struct {
	ID     string
	Status string
}

type PaymentEvent struct {
	ID       string
	Type     string
	ChargeID string
	Amount   int64
	Metadata map[string]string
	Created  time.Time
}

type PaymentGateway interface {
	CreateCharge(ctx context.Context, req ChargeRequest) (*Charge, error)
}

type WebhookVerifier interface {
	ParseEvent(payload []byte, signature string) (*PaymentEvent, error)
}

// ---- customs ----------------------------------------------------------------

type ConsignmentRequest struct {
	ExporterEORI string
	Species      string
	WeightKg     int64
	DestCountry  string
	CatchRef     string
}

type Declaration struct {
	CertificateNumber string
	ConsignmentRef    string
	Species           string
	WeightKg          int64
	DestCountry       string
	FlagState         string
	VesselRegNo       string
}

type SubmitOptions struct {
	Channel  string
	Priority string
	// Reference is sent as X-Submission-Reference; customs returns the
	// existing declaration for a reference it has already accepted.
	Reference string
}

type CustomsGateway interface {
	RegisterConsignment(ctx context.Context, req ConsignmentRequest) (string, error)
	SubmitDeclaration(ctx context.Context, d Declaration, opts SubmitOptions) (string, error)
	ClearanceStatus(ctx context.Context, declarationRef string) (string, error)
}

// ---- port authority ---------------------------------------------------------

type BerthRequest struct {
	PortCode    string
	VesselRegNo string
	VesselName  string
	LengthM     float64
	ETA         time.Time
	Purpose     string
}

type BerthBooker interface {
	BookBerth(ctx context.Context, req BerthRequest) (string, error)
}

// ---- notifications ----------------------------------------------------------

type Message struct {
	Channel string `json:"channel"` // "sms" or "email"
	To      string `json:"to"`
	Subject string `json:"subject,omitempty"`
	Body    string `json:"body"`
	// Reference is passed to the gateway, which drops a message whose
	// reference it has already accepted.
	Reference string `json:"reference,omitempty"`
}

type MessageSender interface {
	Send(ctx context.Context, m Message) error
}

// ---- background jobs --------------------------------------------------------

type Job struct {
	Type    string
	Payload any
	// Key becomes the task ID; the queue rejects a second task with the same
	// key while the first is retained.
	Key   string
	Queue string
	Delay time.Duration
}

type TaskQueue interface {
	Enqueue(ctx context.Context, job Job) error
	EnqueueRaw(ctx context.Context, taskType string, payload json.RawMessage, key string) error
}
