package seating

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/dbx"
)

// Sessions is the part of the sessions repository used here.
type Sessions interface {
	Get(ctx context.Context, id string) (*model.ExamSession, error)
	AddAdjustment(ctx context.Context, sessionID string, delta int, reason string, centreRef *string) error
	EffectiveCapacity(ctx context.Context, sessionID string) (int, error)
	SetCapacity(ctx context.Context, sessionID string, capacity int, version int64) error
	Reschedule(ctx context.Context, sessionID string, startsAt time.Time) error
	Cancel(ctx context.Context, sessionID string) error
	Close(ctx context.Context, sessionID string) error
}

// Registrations is the part of the registrations repository used here.
type Registrations interface {
	ListBySession(ctx context.Context, sessionID string, statuses ...string) ([]model.Registration, error)
	SetStatus(ctx context.Context, id, from, to string) error
	CreateVoucher(ctx context.Context, v *model.ResitVoucher) error
}

// Fees looks up and queues fee refunds.
type Fees interface {
	ByRegistration(ctx context.Context, registrationID string) (*model.Payment, error)
	EnqueueRefund(ctx context.Context, req *model.RefundRequest) error
}

// AppliedLog remembers which centre events have been applied.
type AppliedLog interface {
	Applied(ctx context.Context, eventID string) (bool, error)
	MarkApplied(ctx context.Context, eventID, eventType string) error
	Claim(ctx context.Context, eventID, eventType string) (bool, error)
}

// Options configures the seating service.
type Options struct {
	VoucherValidity time.Duration
	VoucherMinor    int64
	Logger          *slog.Logger
}

// Service applies centre events.
type Service struct {
	db       *gorm.DB
	sessions Sessions
	regs     Registrations
	fees     Fees
	applied  AppliedLog
	opts     Options
}

// New builds a Service.
func New(db *gorm.DB, sessions Sessions, regs Registrations, fees Fees, applied AppliedLog, opts Options) *Service {
	if opts.VoucherValidity == 0 {
		opts.VoucherValidity = 365 * 24 * time.Hour
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	return &Service{db: db, sessions: sessions, regs: regs, fees: fees, applied: applied, opts: opts}
}

// SeatReleased adds seats the centre has handed back (a second room opened,
// an invigilator became available).
func (s *Service) SeatReleased(ctx context.Context, evt CentreEvent) error {
	done, err := s.applied.Applied(ctx, evt.EventID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		tctx := dbx.WithTx(ctx, tx)
		ref := evt.EventID
		if err := s.sessions.AddAdjustment(tctx, evt.SessionID, evt.Seats, "centre_release", &ref); err != nil {
			return err
		}
		sess, err := s.sessions.Get(tctx, evt.SessionID)
		if err != nil {
			return err
		}
		if sess.Status == model.SessionClosed && evt.Seats > 0 {
			return tx.Model(&model.ExamSession{}).Where("id = ? AND status = ?", sess.ID, model.SessionClosed).
				Update("status", model.SessionOpen).Error
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("apply seat release: %w", err)
	}
	return s.applied.MarkApplied(ctx, evt.EventID, evt.Type)
}

// CapacityChanged sets the room capacity from the centre's latest figure.
// Versions are monotonic per session, so older and repeated events do nothing.
func (s *Service) CapacityChanged(ctx context.Context, evt CentreEvent) error {
	err := s.sessions.SetCapacity(ctx, evt.SessionID, evt.Capacity, evt.Version)
	switch {
	case errors.Is(err, dbx.ErrNoRows):
		s.opts.Logger.InfoContext(ctx, "capacity version already applied", "session_id", evt.SessionID, "version", evt.Version)
	case err != nil:
		return err
	}
	// Re-checked on every delivery, so a redelivery finishes a close that an
	// earlier attempt did not get to.
	eff, err := s.sessions.EffectiveCapacity(ctx, evt.SessionID)
	if err != nil {
		return err
	}
	sess, err := s.sessions.Get(ctx, evt.SessionID)
	if err != nil {
		return err
	}
	if sess.SeatsHeld+sess.SeatsConfirmed >= eff {
		return s.sessions.Close(ctx, evt.SessionID)
	}
	return nil
}

// Contact is who to tell about a change to their sitting.
type Contact struct {
	RegistrationID string
	Name           string
	Phone          string
	Email          string
}

// AffectedCandidates lists candidates holding or confirmed in a session.
func (s *Service) AffectedCandidates(ctx context.Context, sessionID string) ([]Contact, error) {
	regs, err := s.regs.ListBySession(ctx, sessionID, model.RegConfirmed, model.RegPendingPayment)
	if err != nil {
		return nil, err
	}
	out := make([]Contact, 0, len(regs))
	for _, r := range regs {
		if r.Candidate == nil {
			continue
		}
		c := Contact{RegistrationID: r.ID, Name: r.Candidate.GivenName, Email: r.Candidate.Email}
		if r.Candidate.PhoneE164 != nil {
			c.Phone = *r.Candidate.PhoneE164
		}
		out = append(out, c)
	}
	return out, nil
}

// ApplyReschedule moves the session to its new start time.
func (s *Service) ApplyReschedule(ctx context.Context, evt CentreEvent) error {
	if evt.StartsAt == nil {
		return fmt.Errorf("seating: reschedule %s without starts_at", evt.EventID)
	}
	return s.sessions.Reschedule(ctx, evt.SessionID, *evt.StartsAt)
}

// SessionCancelled cancels the sitting, queues a full refund for every paid
// registration and gives each affected candidate a resit voucher.
func (s *Service) SessionCancelled(ctx context.Context, evt CentreEvent) error {
	return dbx.InTx(ctx, s.db, func(ctx context.Context) error {
		claimed, err := s.applied.Claim(ctx, evt.EventID, evt.Type)
		if err != nil {
			return err
		}
		if !claimed {
			return nil
		}
		if err := s.sessions.Cancel(ctx, evt.SessionID); err != nil && !errors.Is(err, dbx.ErrNoRows) {
			return err
		}
		regs, err := s.regs.ListBySession(ctx, evt.SessionID, model.RegConfirmed, model.RegPendingPayment)
		if err != nil {
			return err
		}
		for _, r := range regs {
			if err := s.regs.SetStatus(ctx, r.ID, r.Status, model.RegCancelled); err != nil {
				if errors.Is(err, dbx.ErrNoRows) {
					continue
				}
				return err
			}
			if r.Status != model.RegConfirmed {
				continue
			}
			pay, err := s.fees.ByRegistration(ctx, r.ID)
			if err != nil {
				return fmt.Errorf("fee for %s: %w", r.ID, err)
			}
			if err := s.fees.EnqueueRefund(ctx, &model.RefundRequest{
				ID:             uuid.NewString(),
				RegistrationID: r.ID,
				AmountMinor:    pay.AmountMinor,
				Currency:       pay.Currency,
				Reason:         "session_cancelled",
				Status:         model.RefundPending,
			}); err != nil {
				return err
			}
			if err := s.regs.CreateVoucher(ctx, &model.ResitVoucher{
				Code:           voucherCode(),
				CandidateID:    r.CandidateID,
				RegistrationID: r.ID,
				AmountMinor:    s.opts.VoucherMinor,
				Currency:       pay.Currency,
				ExpiresAt:      time.Now().Add(s.opts.VoucherValidity),
			}); err != nil {
				return err
			}
		}
		return nil
	})
}

var voucherAlphabet = base32.NewEncoding("ABCDEFGHJKLMNPQRSTUVWXYZ23456789").WithPadding(base32.NoPadding)

// voucherCode returns a 12-character code candidates type in at checkout.
func voucherCode() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "RV-" + voucherAlphabet.EncodeToString(b[:])[:12]
}
