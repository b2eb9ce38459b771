package service

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/jobs/args"
	"github.com/trustwell/settlements/internal/platform/db"
	"github.com/trustwell/settlements/internal/providers/mailer"
)

// ClosingService closes out fully distributed settlements.
type ClosingService interface {
	RequestClose(ctx context.Context, settlementID, actor string) (*domain.Settlement, error)
	CloseOut(ctx context.Context, settlementID string) error
}

type closingService struct {
	db            *sqlx.DB
	tx            db.TxManager
	settlements   SettlementRepository
	claimants     ClaimantRepository
	allocations   AllocationRepository
	disbursements DisbursementRepository
	holdbacks     HoldbackRepository
	notices       NoticeRepository
	book          Poster
	email         EmailSender
	queue         JobQueue
	log           *zap.Logger
	noticeID      func() string
	now           func() time.Time
	render        statementRenderer
	from          string
}

// NewClosingService builds the ClosingService.
func NewClosingService(d Deps) *closingService {
	return &closingService{
		db:            d.DB,
		tx:            d.Tx,
		settlements:   d.Settlements,
		claimants:     d.Claimants,
		allocations:   d.Allocations,
		disbursements: d.Disbursements,
		holdbacks:     d.Holdbacks,
		notices:       d.Notices,
		book:          d.Book,
		email:         d.Email,
		queue:         d.Queue,
		log:           d.Log.Named("closing"),
		noticeID:      d.IDs.Func("ntc"),
		now:           clock,
		render:        newStatementRenderer(d.Config.TrustBankName),
		from:          d.Config.FromAddress,
	}
}

// RequestClose checks that every dollar has left trust, moves the settlement
// to closing and queues the close-out job, all in one transaction.
func (s *closingService) RequestClose(ctx context.Context, settlementID, actor string) (*domain.Settlement, error) {
	err := s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		st, err := s.settlements.GetForUpdate(ctx, tx, settlementID)
		if err != nil {
			return err
		}
		switch st.Status {
		case domain.SettlementClosing, domain.SettlementClosed:
			return nil
		case domain.SettlementDisbursing, domain.SettlementDisbursed:
		default:
			return domainStateErr(fmt.Sprintf("settlement is %s", st.Status))
		}
		open, err := s.disbursements.CountOpen(ctx, tx, st.ID)
		if err != nil {
			return err
		}
		held, err := s.holdbacks.CountHeld(ctx, tx, st.ID)
		if err != nil {
			return err
		}
		if open > 0 || held > 0 {
			return domainStateErr(fmt.Sprintf("%d payouts and %d holdbacks are still outstanding", open, held))
		}
		balance, err := s.book.Available(ctx, tx, st.FundsAccount())
		if err != nil {
			return err
		}
		if balance != 0 {
			return domainStateErr(fmt.Sprintf("trust still holds %s for this settlement", balance))
		}
		if _, err := s.settlements.Transition(ctx, tx, st.ID, domain.SettlementClosing,
			domain.SettlementDisbursing, domain.SettlementDisbursed); err != nil {
			return err
		}
		_, err = s.queue.EnqueueTx(ctx, tx, args.CloseSettlement{SettlementID: st.ID}, nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.log.Info("settlement close requested", zap.String("settlement_id", settlementID), zap.String("actor", actor))
	return s.settlements.Get(ctx, s.db, settlementID)
}

// CloseOut emails each claimant a final statement, records the notices and
// marks the settlement closed. Called by the close_settlement worker.
func (s *closingService) CloseOut(ctx context.Context, settlementID string) error {
	st, err := s.settlements.Get(ctx, s.db, settlementID)
	if err != nil {
		return err
	}
	if st.Status == domain.SettlementClosed {
		return nil
	}
	if st.Status != domain.SettlementClosing {
		return domainStateErr(fmt.Sprintf("settlement is %s", st.Status))
	}
	claimants, err := s.claimants.ListBySettlement(ctx, s.db, st.ID)
	if err != nil {
		return err
	}
	allocs, err := s.allocations.ListBySettlement(ctx, s.db, st.ID)
	if err != nil {
		return err
	}
	byClaimant := make(map[string]*domain.Allocation, len(allocs))
	for i := range allocs {
		byClaimant[allocs[i].ClaimantID] = &allocs[i]
	}

	sent := make([]*domain.Notice, 0, len(claimants))
	for i := range claimants {
		c := &claimants[i]
		a, ok := byClaimant[c.ID]
		if !ok {
			continue
		}
		subject, body := s.render.final(st, c, a)
		msgID, err := s.email.Send(ctx, mailer.Message{
			From:     s.from,
			To:       c.Email,
			Subject:  subject,
			TextBody: body,
			Tag:      string(domain.NoticeFinalStatement),
			Metadata: map[string]string{"settlement_id": st.ID, "claimant_id": c.ID},
		})
		if err != nil {
			return fmt.Errorf("final statement to %s: %w", c.ID, err)
		}
		at := s.now()
		sent = append(sent, &domain.Notice{
			ID: s.noticeID(), SettlementID: st.ID, ClaimantID: c.ID,
			Kind: domain.NoticeFinalStatement, ToAddress: c.Email, Subject: subject, Body: body,
			Status: domain.NoticeSent, ProviderMessageID: &msgID, SentAt: &at, CreatedAt: at,
		})
	}

	return s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		for _, n := range sent {
			if err := s.notices.Insert(ctx, tx, n); err != nil {
				return err
			}
		}
		return s.settlements.MarkClosed(ctx, tx, st.ID)
	})
}
