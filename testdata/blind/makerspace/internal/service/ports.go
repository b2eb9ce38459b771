// Package service holds the business logic. Services depend on repository
// interfaces and on the narrow provider interfaces declared here.
package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"

	"github.com/kerfhall/makerspace/internal/provider/cardproc"
	"github.com/kerfhall/makerspace/internal/provider/doorctl"
)

// PaymentGateway is the card processor.
type PaymentGateway interface {
	CreateCharge(ctx context.Context, req cardproc.ChargeRequest) (*cardproc.Charge, error)
	CreateRefund(ctx context.Context, req cardproc.RefundRequest) (*cardproc.Refund, error)
}

// GuestPassIssuer mints door PINs for guests.
type GuestPassIssuer interface {
	IssueGuestPass(ctx context.Context, req doorctl.GuestPassRequest) (*doorctl.GuestPass, error)
}

// SMSSender sends text messages.
type SMSSender interface {
	Send(ctx context.Context, to, body string) (string, error)
}

// EventPublisher publishes to JetStream.
type EventPublisher interface {
	Publish(ctx context.Context, subject string, v any) error
	PublishWithID(ctx context.Context, subject, msgID string, v any) error
}

// AccessSyncStarter starts the Temporal workflows that talk to the door vendor.
type AccessSyncStarter interface {
	StartAccessSync(ctx context.Context, workflowID, changeID string) error
	StartBookingWindow(ctx context.Context, bookingID string) error
}

// Clock returns the current time; tests replace it.
type Clock func() time.Time

// IDFunc returns a new identifier.
type IDFunc func() string

// ZoneMap maps an equipment class to the door zone it unlocks.
type ZoneMap map[string]string

// MessageRef identifies a JetStream delivery for consumers that deduplicate on
// the stream sequence.
type MessageRef struct {
	Stream   string
	Consumer string
	Seq      uint64
}

func requestHash(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
