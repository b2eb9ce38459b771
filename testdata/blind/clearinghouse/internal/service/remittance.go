package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
	"github.com/medbridge-health/clearinghouse/internal/repository"
)

const remittanceConsumer = "remittance-posting"

// RemittanceService posts 835s and claim acknowledgements.
type RemittanceService struct {
	tx          Tx
	claims      claimStore
	ledger      ledgerStore
	processed   processedStore
	remittances interface {
		Insert(ctx context.Context, q sqlx.ExtContext, rm *domain.Remittance) error
		InsertClaimPayment(ctx context.Context, q sqlx.ExtContext, p *domain.ClaimPayment) error
	}
	events EventPublisher
	newID  IDFunc
	now    Clock
	log    *slog.Logger
}

// NewRemittanceService builds a RemittanceService.
func NewRemittanceService(tx Tx, claims *repository.ClaimRepo, ledger *repository.LedgerRepo,
	processed *repository.ProcessedEventRepo, remits *repository.RemittanceRepo, events EventPublisher,
	newID IDFunc, now Clock, log *slog.Logger) *RemittanceService {
	return &RemittanceService{
		tx: tx, claims: claims, ledger: ledger, processed: processed, remittances: remits,
		events: events, newID: newID, now: now, log: log,
	}
}

// RemittanceEvent is an 835 transaction parsed by the EDI translator.
type RemittanceEvent struct {
	EventID        string             `json:"-"`
	PayerID        string             `json:"payer_id"`
	TraceNumber    string             `json:"trace_number"`
	PaymentMethod  string             `json:"payment_method"`
	PaidCents      int64              `json:"paid_cents"`
	ProductionDate string             `json:"production_date"`
	Claims         []ClaimPaymentLine `json:"claims"`
}

// ClaimPaymentLine is one CLP loop.
type ClaimPaymentLine struct {
	PayerClaimRef    string          `json:"payer_claim_ref"`
	StatusCode       string          `json:"status_code"`
	ChargeCents      int64           `json:"charge_cents"`
	PaidCents        int64           `json:"paid_cents"`
	PatientRespCents int64           `json:"patient_resp_cents"`
	Adjustments      json.RawMessage `json:"adjustments"`
}

// claimStatusFor maps CLP02 to our claim status.
func claimStatusFor(clp ClaimPaymentLine) string {
	switch clp.StatusCode {
	case "4":
		return domain.ClaimDenied
	case "22":
		return domain.ClaimReversed
	}
	if clp.PaidCents+clp.PatientRespCents >= clp.ChargeCents {
		return domain.ClaimPaid
	}
	return domain.ClaimPartial
}

// PostRemittance records an 835 and applies each claim payment to the
// claim and to the practice ledger.
func (s *RemittanceService) PostRemittance(ctx context.Context, ev RemittanceEvent) error {
	seen, err := s.processed.Seen(ctx, s.tx.Ext(ctx), remittanceConsumer, ev.EventID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	prod, err := time.Parse("2006-01-02", ev.ProductionDate)
	if err != nil {
		return apperr.Invalid("bad production date %q", ev.ProductionDate)
	}

	var posted []RemittancePosted
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		rm := &domain.Remittance{
			ID:             s.newID("rmt"),
			PayerID:        ev.PayerID,
			TraceNumber:    ev.TraceNumber,
			PaymentMethod:  ev.PaymentMethod,
			PaidCents:      ev.PaidCents,
			ProductionDate: prod,
			ReceivedAt:     s.now(),
		}
		if err := s.remittances.Insert(ctx, q, rm); err != nil {
			return err
		}
		for _, clp := range ev.Claims {
			claim, err := s.claims.FindByPayerRef(ctx, q, ev.PayerID, clp.PayerClaimRef)
			if err != nil {
				return fmt.Errorf("CLP %s: %w", clp.PayerClaimRef, err)
			}
			adj := clp.Adjustments
			if len(adj) == 0 {
				adj = json.RawMessage("[]")
			}
			if err := s.remittances.InsertClaimPayment(ctx, q, &domain.ClaimPayment{
				ID:               s.newID("rcp"),
				RemittanceID:     rm.ID,
				ClaimID:          claim.ID,
				ClaimStatusCode:  clp.StatusCode,
				ChargeCents:      clp.ChargeCents,
				PaidCents:        clp.PaidCents,
				PatientRespCents: clp.PatientRespCents,
				Adjustments:      adj,
			}); err != nil {
				return err
			}
			if err := s.claims.ApplyPayment(ctx, q, claim.ID, clp.PaidCents, clp.PatientRespCents, claimStatusFor(clp)); err != nil {
				return err
			}
			if clp.PaidCents != 0 {
				key := fmt.Sprintf("835:%s:%s:%s", ev.PayerID, ev.TraceNumber, clp.PayerClaimRef)
				claimID := claim.ID
				if _, err := s.ledger.AppendKeyed(ctx, q, &domain.LedgerEntry{
					ID:             s.newID("led"),
					PracticeID:     claim.PracticeID,
					EntryType:      domain.LedgerPayerPayment,
					AmountCents:    clp.PaidCents,
					ClaimID:        &claimID,
					IdempotencyKey: &key,
					Memo:           "payer payment trace " + ev.TraceNumber,
					CreatedAt:      s.now(),
				}); err != nil {
					return err
				}
			}
			if clp.PatientRespCents > 0 {
				posted = append(posted, RemittancePosted{
					RemittanceID: rm.ID, ClaimID: claim.ID, PatientRespCents: clp.PatientRespCents,
				})
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := s.processed.Mark(ctx, s.tx.Ext(ctx), remittanceConsumer, ev.EventID); err != nil {
		return err
	}
	for _, p := range posted {
		if err := s.events.Publish(ctx, TopicRemittancePosted, p); err != nil {
			s.log.Error("publish remittance.posted", "claim_id", p.ClaimID, "err", err)
		}
	}
	return nil
}

// ReversalEvent is a payer take-back of an earlier payment (CLP02 = 22).
type ReversalEvent struct {
	PayerID          string `json:"payer_id"`
	PayerClaimRef    string `json:"payer_claim_ref"`
	ReversedCents    int64  `json:"reversed_cents"`
	PatientRespCents int64  `json:"patient_resp_cents"`
	TraceNumber      string `json:"trace_number"`
}

// ReversePayment takes back a payer payment from the claim and debits the
// practice ledger.
func (s *RemittanceService) ReversePayment(ctx context.Context, ev ReversalEvent) error {
	if ev.ReversedCents <= 0 {
		return apperr.Invalid("reversal amount must be positive")
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		claim, err := s.claims.FindByPayerRef(ctx, q, ev.PayerID, ev.PayerClaimRef)
		if err != nil {
			return err
		}
		if err := s.claims.ApplyPayment(ctx, q, claim.ID, -ev.ReversedCents, -ev.PatientRespCents, domain.ClaimReversed); err != nil {
			return err
		}
		claimID := claim.ID
		_, err = s.ledger.AppendAdjustment(ctx, q, claim.PracticeID, domain.LedgerPayerReversal, &claimID,
			-ev.ReversedCents, "payer take-back trace "+ev.TraceNumber)
		return err
	})
}

// AckEvent is a 277CA claim acknowledgement.
type AckEvent struct {
	PracticeID           string `json:"practice_id"`
	PatientControlNumber string `json:"patient_control_number"`
	PayerClaimRef        string `json:"payer_claim_ref"`
	Accepted             bool   `json:"accepted"`
	StatusCategory       string `json:"status_category"`
	Message              string `json:"message"`
}

// Acknowledge applies a 277CA. Only a submitted claim moves, so a repeated
// acknowledgement changes nothing.
func (s *RemittanceService) Acknowledge(ctx context.Context, ev AckEvent) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		claim, err := s.claims.GetByControlNumber(ctx, q, ev.PracticeID, ev.PatientControlNumber)
		if err != nil {
			return err
		}
		if !ev.Accepted {
			_, err := s.claims.Transition(ctx, q, claim.ID, []string{domain.ClaimSubmitted}, domain.ClaimRejected,
				ev.StatusCategory+" "+ev.Message)
			return err
		}
		moved, err := s.claims.Transition(ctx, q, claim.ID, []string{domain.ClaimSubmitted}, domain.ClaimAccepted, "277CA "+ev.StatusCategory)
		if err != nil || !moved {
			return err
		}
		if ev.PayerClaimRef != "" {
			return s.claims.SetPayerRef(ctx, q, claim.ID, ev.PayerClaimRef)
		}
		return nil
	})
}
