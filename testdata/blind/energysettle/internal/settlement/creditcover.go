package settlement

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/gridwise-energy/energysettle/internal/messaging"
	"github.com/gridwise-energy/energysettle/internal/model"
)

// CreditCoverRepository stores credit cover calls.
type CreditCoverRepository interface {
	InsertCall(ctx context.Context, c *model.CreditCoverCall) (bool, error)
	GetCall(ctx context.Context, callRef string) (*model.CreditCoverCall, error)
	MarkNotified(ctx context.Context, callRef string, at time.Time) error
}

// Publisher publishes envelopes to SNS.
type Publisher interface {
	Publish(ctx context.Context, env messaging.Envelope) (string, error)
}

// CreditCoverCall is the operator's demand for additional credit cover.
type CreditCoverCall struct {
	CallRef     string
	AmountPence int64
	DueBy       time.Time
	IssuedAt    time.Time
}

// CreditCoverService records credit cover calls and tells treasury, who
// must lodge the cover before the due time or the supplier defaults.
type CreditCoverService struct {
	repo          CreditCoverRepository
	pub           Publisher
	treasuryTopic string
	supplierID    string
	now           func() time.Time
	log           *slog.Logger
}

// NewCreditCoverService wires a CreditCoverService.
func NewCreditCoverService(repo CreditCoverRepository, pub Publisher, treasuryTopic, supplierID string, now func() time.Time, log *slog.Logger) *CreditCoverService {
	return &CreditCoverService{repo: repo, pub: pub, treasuryTopic: treasuryTopic, supplierID: supplierID, now: now, log: log}
}

type creditCoverNotice struct {
	CallRef     string    `json:"call_ref"`
	SupplierID  string    `json:"supplier_id"`
	AmountPence int64     `json:"amount_pence"`
	DueBy       time.Time `json:"due_by"`
	IssuedAt    time.Time `json:"issued_at"`
}

// OnCall records the call and notifies treasury unless already notified.
func (s *CreditCoverService) OnCall(ctx context.Context, c CreditCoverCall) error {
	if c.CallRef == "" || c.AmountPence <= 0 {
		return fmt.Errorf("%w: credit cover call %q amount %d", ErrInvalid, c.CallRef, c.AmountPence)
	}
	call := &model.CreditCoverCall{
		CallRef:     c.CallRef,
		AmountPence: c.AmountPence,
		DueBy:       c.DueBy,
		ReceivedAt:  s.now(),
	}
	created, err := s.repo.InsertCall(ctx, call)
	if err != nil {
		return err
	}
	if !created {
		if call, err = s.repo.GetCall(ctx, c.CallRef); err != nil {
			return err
		}
		if call.NotifiedAt != nil {
			return nil
		}
	}
	_, err = s.pub.Publish(ctx, messaging.Envelope{
		TopicARN:  s.treasuryTopic,
		Subject:   "Credit cover call " + c.CallRef,
		EventType: "credit_cover.called",
		GroupID:   s.supplierID,
		Body: creditCoverNotice{
			CallRef:     c.CallRef,
			SupplierID:  s.supplierID,
			AmountPence: c.AmountPence,
			DueBy:       c.DueBy,
			IssuedAt:    c.IssuedAt,
		},
		Attributes: map[string]string{"urgency": urgency(c.DueBy.Sub(s.now()))},
	})
	if err != nil {
		return err
	}
	return s.repo.MarkNotified(ctx, c.CallRef, s.now())
}

func urgency(left time.Duration) string {
	switch {
	case left < 4*time.Hour:
		return "critical"
	case left < 24*time.Hour:
		return "high"
	default:
		return "normal"
	}
}
