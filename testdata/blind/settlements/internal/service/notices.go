package service

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/jobs/args"
	"github.com/trustwell/settlements/internal/platform/db"
	"github.com/trustwell/settlements/internal/providers/mailer"
)

// NoticeService stores and delivers claimant notices.
type NoticeService interface {
	CreateAdHoc(ctx context.Context, claimantID string, in AdHocNoticeInput) (*domain.Notice, bool, error)
	Send(ctx context.Context, noticeID string) error
	RequestStatementResend(ctx context.Context, claimantID, requestID, actor string) (bool, error)
	ResendStatement(ctx context.Context, claimantID, requestID string) error
	HandleEmailEvent(ctx context.Context, ev *mailer.BounceEvent) error
}

// AdHocNoticeInput is a one-off message from the claims team.
type AdHocNoticeInput struct {
	Subject    string `json:"subject"`
	Body       string `json:"body"`
	RequestKey string `json:"-"`
	Actor      string `json:"-"`
}

type noticeService struct {
	db          *sqlx.DB
	tx          db.TxManager
	settlements SettlementRepository
	claimants   ClaimantRepository
	allocations AllocationRepository
	notices     NoticeRepository
	webhooks    WebhookRepository
	email       EmailSender
	queue       JobQueue
	log         *zap.Logger
	newID       func() string
	now         func() time.Time
	render      statementRenderer
	from        string
}

// NewNoticeService builds the NoticeService.
func NewNoticeService(d Deps) *noticeService {
	return &noticeService{
		db:          d.DB,
		tx:          d.Tx,
		settlements: d.Settlements,
		claimants:   d.Claimants,
		allocations: d.Allocations,
		notices:     d.Notices,
		webhooks:    d.Webhooks,
		email:       d.Email,
		queue:       d.Queue,
		log:         d.Log.Named("notices"),
		newID:       d.IDs.Func("ntc"),
		now:         clock,
		render:      newStatementRenderer(d.Config.TrustBankName),
		from:        d.Config.FromAddress,
	}
}

// CreateAdHoc stores a notice under the caller's request key and queues its
// delivery in the same transaction. A repeated key returns the first notice.
func (s *noticeService) CreateAdHoc(ctx context.Context, claimantID string, in AdHocNoticeInput) (*domain.Notice, bool, error) {
	if in.RequestKey == "" {
		return nil, false, domain.Invalid("Idempotency-Key", "header is required")
	}
	if strings.TrimSpace(in.Subject) == "" || strings.TrimSpace(in.Body) == "" {
		return nil, false, domain.Invalid("subject", "subject and body are required")
	}
	c, err := s.claimants.Get(ctx, s.db, claimantID)
	if err != nil {
		return nil, false, err
	}
	key := "adhoc:" + in.RequestKey
	var (
		stored  *domain.Notice
		created bool
	)
	err = s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		n, isNew, err := s.notices.InsertIfAbsent(ctx, tx, &domain.Notice{
			ID: s.newID(), SettlementID: c.SettlementID, ClaimantID: c.ID,
			Kind: domain.NoticeAdHoc, RequestKey: &key, ToAddress: c.Email,
			Subject: in.Subject, Body: in.Body, Status: domain.NoticePending, CreatedAt: s.now(),
		})
		if err != nil {
			return err
		}
		stored, created = n, isNew
		if !isNew {
			return nil
		}
		_, err = s.queue.EnqueueTx(ctx, tx, args.SendNotice{NoticeID: n.ID}, nil)
		return err
	})
	return stored, created, err
}

// Send delivers a stored notice. The notice is claimed (pending → sending)
// before the provider is called, so a redelivered job that finds it already
// claimed or sent does nothing. A provider rejection puts it back to failed
// for the next attempt.
func (s *noticeService) Send(ctx context.Context, noticeID string) error {
	n, err := s.notices.ClaimForSend(ctx, noticeID)
	if err != nil {
		return err
	}
	if n == nil {
		return nil
	}
	msgID, err := s.email.Send(ctx, mailer.Message{
		From:     s.from,
		To:       n.ToAddress,
		Subject:  n.Subject,
		TextBody: n.Body,
		Tag:      string(n.Kind),
		Metadata: map[string]string{"notice_id": n.ID, "settlement_id": n.SettlementID},
	})
	if err != nil {
		var rejected *mailer.SendError
		if errors.As(err, &rejected) {
			if mErr := s.notices.MarkFailed(ctx, n.ID, rejected.Error()); mErr != nil {
				return errors.Join(err, mErr)
			}
		}
		return err
	}
	return s.notices.MarkSent(ctx, n.ID, msgID, s.now())
}

// RequestStatementResend queues a fresh copy of the claimant's distribution
// statement. It reports false when an identical request is already queued.
func (s *noticeService) RequestStatementResend(ctx context.Context, claimantID, requestID, actor string) (bool, error) {
	c, err := s.claimants.Get(ctx, s.db, claimantID)
	if err != nil {
		return false, err
	}
	res, err := s.queue.Enqueue(ctx, args.ResendStatement{
		ClaimantID:  c.ID,
		RequestedBy: actor,
		RequestID:   requestID,
	}, nil)
	if err != nil {
		return false, err
	}
	return !res.UniqueSkippedAsDuplicate, nil
}

// ResendStatement renders the current statement and stores it as a notice
// keyed by the request, queuing delivery in the same transaction.
func (s *noticeService) ResendStatement(ctx context.Context, claimantID, requestID string) error {
	c, err := s.claimants.Get(ctx, s.db, claimantID)
	if err != nil {
		return err
	}
	st, err := s.settlements.Get(ctx, s.db, c.SettlementID)
	if err != nil {
		return err
	}
	a, err := s.allocations.ForClaimant(ctx, s.db, st.ID, c.ID)
	if err != nil {
		return err
	}
	if a == nil {
		s.log.Warn("no allocation to resend", zap.String("claimant_id", c.ID))
		return nil
	}
	subject, body := s.render.distribution(st, c, a)
	key := "resend:" + requestID
	return s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		n, created, err := s.notices.InsertIfAbsent(ctx, tx, &domain.Notice{
			ID: s.newID(), SettlementID: st.ID, ClaimantID: c.ID,
			Kind: domain.NoticeDistributionStatement, RequestKey: &key, ToAddress: c.Email,
			Subject: subject, Body: body, Status: domain.NoticePending, CreatedAt: s.now(),
		})
		if err != nil || !created {
			return err
		}
		_, err = s.queue.EnqueueTx(ctx, tx, args.SendNotice{NoticeID: n.ID}, nil)
		return err
	})
}

// HandleEmailEvent records a bounce against the notice that caused it.
func (s *noticeService) HandleEmailEvent(ctx context.Context, ev *mailer.BounceEvent) error {
	if ev.RecordType != "Bounce" {
		return nil
	}
	return s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		fresh, err := s.webhooks.InsertEmailEvent(ctx, tx, ev.EventID(), ev.MessageID, ev.RecordType)
		if err != nil || !fresh {
			return err
		}
		bounced, err := s.notices.MarkBounced(ctx, tx, ev.MessageID, ev.Type+": "+ev.Description)
		if err != nil {
			return err
		}
		if bounced {
			s.log.Warn("claimant notice bounced", zap.String("message_id", ev.MessageID), zap.String("email", ev.Email))
		}
		return nil
	})
}
