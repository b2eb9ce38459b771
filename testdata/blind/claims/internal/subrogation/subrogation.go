// Package subrogation pursues at-fault third parties (and their insurers)
// for amounts the platform paid out, and books recoveries.
package subrogation

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"

	"github.com/harborline/claims/internal/events"
	"github.com/harborline/claims/internal/platform/logx"
	"github.com/harborline/claims/internal/providers/s3docs"
)

// Case is an open subrogation file for a claim.
type Case struct {
	ClaimID      uuid.UUID
	Counterparty string
	Status       string
	DemandCents  int64
}

// Recovery is money received from a counterparty.
type Recovery struct {
	ID          string
	ClaimID     uuid.UUID
	VendorRef   string
	AmountCents int64
	ReceivedAt  time.Time
}

// ClaimFacts is what subrogation needs from a claim.
type ClaimFacts struct {
	ID             uuid.UUID
	Number         string
	AtFaultParty   string
	PaidTotalCents int64
}

var ErrNoCounterparty = errors.New("subrogation: claim has no at-fault party")

// Repository persists cases and recoveries.
type Repository interface {
	InsertCase(ctx context.Context, c Case) error
	SetPacket(ctx context.Context, claimID uuid.UUID, key string) error
	SetStatus(ctx context.Context, claimID uuid.UUID, status string) error
	InsertRecovery(ctx context.Context, r Recovery) error
}

// Claims gives subrogation access to claims.
type Claims interface {
	Facts(ctx context.Context, claimID uuid.UUID) (ClaimFacts, error)
	AddRecovered(ctx context.Context, claimID uuid.UUID, amountCents int64) error
}

// Ledger books money movements.
type Ledger interface {
	Append(ctx context.Context, claimID uuid.UUID, entryType string, amountCents int64, sourceRef string) error
}

// Inbox de-duplicates consumed messages.
type Inbox interface {
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
}

// PacketStore stores generated demand packets.
type PacketStore interface {
	Put(ctx context.Context, key, contentType string, body []byte, opts ...s3docs.PutOption) error
}

// TxManager is the unit of work.
type TxManager interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

// Service implements subrogation use cases.
type Service struct {
	tx      TxManager
	repo    Repository
	claims  Claims
	ledger  Ledger
	inbox   Inbox
	packets PacketStore
	bus     events.Publisher
}

// NewService builds a Service.
func NewService(tx TxManager, repo Repository, claims Claims, ledger Ledger, inbox Inbox, packets PacketStore, bus events.Publisher) *Service {
	return &Service{tx: tx, repo: repo, claims: claims, ledger: ledger, inbox: inbox, packets: packets, bus: bus}
}

// OpenCase opens the subrogation file for a closed claim and stores the
// demand packet sent to the counterparty's carrier.
func (s *Service) OpenCase(ctx context.Context, claimID uuid.UUID) error {
	facts, err := s.claims.Facts(ctx, claimID)
	if err != nil {
		return err
	}
	if facts.AtFaultParty == "" {
		return ErrNoCounterparty
	}
	c := Case{ClaimID: claimID, Counterparty: facts.AtFaultParty, Status: "open", DemandCents: facts.PaidTotalCents}
	if err := s.repo.InsertCase(ctx, c); err != nil {
		return fmt.Errorf("insert subrogation case: %w", err)
	}
	packet := renderDemandPacket(facts)
	key := fmt.Sprintf("subrogation/%s/demand.txt", claimID)
	if err := s.packets.Put(ctx, key, "text/plain", packet); err != nil {
		return err
	}
	return s.repo.SetPacket(ctx, claimID, key)
}

func renderDemandPacket(f ClaimFacts) []byte {
	return fmt.Appendf(nil, "DEMAND FOR REIMBURSEMENT\nClaim: %s\nResponsible party: %s\nAmount paid: %.2f\n",
		f.Number, f.AtFaultParty, float64(f.PaidTotalCents)/100)
}

// VendorRecovery is a recovery notice from the collections vendor.
type VendorRecovery struct {
	RecoveryRef string
	ClaimID     uuid.UUID
	AmountCents int64
	ReceivedAt  time.Time
}

// RecordVendorRecovery stores a recovery reported by the collections vendor
// and announces it to the rest of the platform.
func (s *Service) RecordVendorRecovery(ctx context.Context, in VendorRecovery) error {
	rec := Recovery{
		ID:          ulid.Make().String(),
		ClaimID:     in.ClaimID,
		VendorRef:   in.RecoveryRef,
		AmountCents: in.AmountCents,
		ReceivedAt:  in.ReceivedAt,
	}
	if err := s.repo.InsertRecovery(ctx, rec); err != nil {
		return err
	}
	msgID := uuid.NewString()
	logx.From(ctx).Info("publishing recovery", "recovery_id", rec.ID, "message_id", msgID)
	return s.bus.Publish(ctx, events.TopicSubrogationRecovered, events.SubrogationRecovered{
		ClaimID:     rec.ClaimID,
		VendorRef:   rec.VendorRef,
		AmountCents: rec.AmountCents,
		ReceivedAt:  rec.ReceivedAt,
	}, events.WithMessageID(msgID), events.WithCorrelationID(rec.ID))
}

const ledgerConsumer = "subrogation-ledger"

// ApplyRecovery books a recovery against the claim: ledger entry, claim
// recovered total and case status.
func (s *Service) ApplyRecovery(ctx context.Context, messageID string, evt events.SubrogationRecovered) error {
	fresh, err := s.inbox.Claim(ctx, ledgerConsumer, messageID)
	if err != nil {
		return err
	}
	if !fresh {
		return nil
	}
	return s.tx.Do(ctx, func(ctx context.Context) error {
		if err := s.ledger.Append(ctx, evt.ClaimID, "recovery", -evt.AmountCents, evt.VendorRef); err != nil {
			return err
		}
		if err := s.claims.AddRecovered(ctx, evt.ClaimID, evt.AmountCents); err != nil {
			return err
		}
		return s.repo.SetStatus(ctx, evt.ClaimID, "recovering")
	})
}
