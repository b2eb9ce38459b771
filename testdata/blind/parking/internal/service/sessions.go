package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/idem"
	"github.com/cityparking/parking/internal/platform/logx"
	"github.com/cityparking/parking/internal/platform/queue"
	"github.com/cityparking/parking/internal/pricing"
	"github.com/cityparking/parking/internal/store"
)

type SessionService struct {
	tx       store.TxManager
	sessions store.SessionRepository
	vehicles store.VehicleRepository
	zones    store.ZoneRepository
	accounts store.AccountRepository
	keys     store.IdempotencyRepository
	charges  store.ChargeRepository
	queue    queue.Enqueuer
	texter   *Texter
	clock    Clock
	settings Settings
}

func NewSessionService(
	tx store.TxManager,
	sessions store.SessionRepository,
	vehicles store.VehicleRepository,
	zones store.ZoneRepository,
	accounts store.AccountRepository,
	keys store.IdempotencyRepository,
	charges store.ChargeRepository,
	q queue.Enqueuer,
	texter *Texter,
	clock Clock,
	settings Settings,
) *SessionService {
	return &SessionService{
		tx: tx, sessions: sessions, vehicles: vehicles, zones: zones, accounts: accounts,
		keys: keys, charges: charges, queue: q, texter: texter, clock: clock, settings: settings,
	}
}

type StartInput struct {
	AccountID      uuid.UUID     `json:"-"`
	VehicleID      uuid.UUID     `json:"vehicle_id"`
	ZoneID         string        `json:"zone_id"`
	Duration       time.Duration `json:"duration"`
	IdempotencyKey string        `json:"-"`
}

// Start opens a parking session. The caller's Idempotency-Key is claimed in
// the same transaction that inserts the session, so a replay returns the
// session created by the first request.
func (s *SessionService) Start(ctx context.Context, in StartInput) (*domain.Session, bool, error) {
	acct, err := s.accounts.Get(ctx, in.AccountID)
	if err != nil {
		return nil, false, err
	}
	if !acct.HasCard() {
		return nil, false, domain.ErrNoCardOnFile
	}
	zone, err := s.zones.Get(ctx, in.ZoneID)
	if err != nil {
		return nil, false, err
	}
	if in.Duration <= 0 || in.Duration > time.Duration(zone.MaxStayMinutes)*time.Minute {
		return nil, false, ErrMaxStayExceeded
	}
	vehicle, err := s.vehicles.Get(ctx, in.AccountID, in.VehicleID)
	if err != nil {
		return nil, false, err
	}

	rec := store.IdempotencyRecord{
		AccountID:   in.AccountID,
		Scope:       "session.start",
		Key:         in.IdempotencyKey,
		RequestHash: idem.Hash(in),
	}

	var (
		sess     *domain.Session
		replayed bool
	)
	err = s.tx.InTx(ctx, func(tx *sqlx.Tx) error {
		claimed, existing, err := s.keys.Claim(ctx, tx, rec)
		if err != nil {
			return err
		}
		if !claimed {
			if existing.RequestHash != rec.RequestHash {
				return ErrIdempotencyMismatch
			}
			if existing.ResourceID == nil {
				return fmt.Errorf("session start: idempotency record without resource")
			}
			replayed = true
			sess, err = s.sessions.Get(ctx, *existing.ResourceID)
			return err
		}

		now := s.clock()
		sess = &domain.Session{
			ID:        uuid.New(),
			AccountID: in.AccountID,
			VehicleID: vehicle.ID,
			Plate:     vehicle.Plate,
			ZoneID:    zone.ID,
			Status:    domain.SessionActive,
			StartedAt: now,
			ExpiresAt: now.Add(in.Duration),
			Source:    "app",
			CreatedAt: now,
			UpdatedAt: now,
		}
		if err := s.sessions.Insert(ctx, tx, sess); err != nil {
			return err
		}
		return s.keys.Complete(ctx, tx, rec, sess.ID, 201)
	})
	if err != nil {
		return nil, false, err
	}

	if err := s.scheduleReminder(ctx, sess); err != nil {
		logx.From(ctx).Warn("schedule reminder failed", "session_id", sess.ID, "err", err)
	}
	return sess, replayed, nil
}

func reminderTaskID(sess *domain.Session) string {
	return fmt.Sprintf("reminder:%s:%d", sess.ID, sess.ExpiresAt.Unix())
}

func (s *SessionService) scheduleReminder(ctx context.Context, sess *domain.Session) error {
	at := sess.ExpiresAt.Add(-s.settings.ReminderLead)
	if !at.After(s.clock()) {
		return nil
	}
	task, err := queue.NewSessionReminder(queue.SessionReminderPayload{SessionID: sess.ID, ExpiresAt: sess.ExpiresAt})
	if err != nil {
		return err
	}
	return queue.EnqueueUnique(ctx, s.queue, task, reminderTaskID(sess), asynq.ProcessAt(at))
}

// Stop ends an active session and books the charge for the time used. The
// charge is captured by the nightly settlement run.
func (s *SessionService) Stop(ctx context.Context, accountID, sessionID uuid.UUID) (*domain.Session, *domain.Charge, error) {
	sess, err := s.sessions.GetForAccount(ctx, accountID, sessionID)
	if err != nil {
		return nil, nil, err
	}
	if sess.Status != domain.SessionActive {
		return nil, nil, domain.ErrNotActive
	}
	zone, err := s.zones.Get(ctx, sess.ZoneID)
	if err != nil {
		return nil, nil, err
	}

	now := s.clock()
	end := now
	if end.After(sess.ExpiresAt) {
		end = sess.ExpiresAt
	}
	fee := pricing.SessionFee(*zone, sess.StartedAt, end)

	ended, err := s.sessions.End(ctx, sess.ID, end, fee)
	if err != nil {
		return nil, nil, err
	}
	if fee == 0 {
		return ended, nil, nil
	}

	charge := &domain.Charge{
		ID:          uuid.New(),
		AccountID:   ended.AccountID,
		SessionID:   &ended.ID,
		AmountCents: fee,
		Currency:    s.settings.Currency,
		Status:      domain.ChargePending,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	if err := s.charges.Create(ctx, nil, charge); err != nil {
		return nil, nil, fmt.Errorf("stop session %s: record charge: %w", ended.ID, err)
	}
	return ended, charge, nil
}

// Extend moves the expiry of an active session to an absolute time chosen by
// the app, reschedules the reminder and texts a confirmation.
func (s *SessionService) Extend(ctx context.Context, accountID, sessionID uuid.UUID, until time.Time) (*domain.Session, error) {
	until = until.Truncate(time.Second)
	sess, err := s.sessions.GetForAccount(ctx, accountID, sessionID)
	if err != nil {
		return nil, err
	}
	zone, err := s.zones.Get(ctx, sess.ZoneID)
	if err != nil {
		return nil, err
	}
	if !until.After(s.clock()) || until.Sub(sess.StartedAt) > time.Duration(zone.MaxStayMinutes)*time.Minute {
		return nil, ErrMaxStayExceeded
	}

	updated, err := s.sessions.SetExpiry(ctx, nil, sess.ID, until)
	if err != nil {
		return nil, err
	}
	if err := s.scheduleReminder(ctx, updated); err != nil {
		logx.From(ctx).Warn("reschedule reminder failed", "session_id", updated.ID, "err", err)
	}

	acct, err := s.accounts.Get(ctx, accountID)
	if err == nil && acct.Phone != "" {
		ref, err := s.texter.Enqueue(ctx, queue.SMSSendPayload{
			AccountID: &acct.ID,
			To:        acct.Phone,
			Body:      fmt.Sprintf("Your parking in %s now ends at %s.", zone.Name, updated.ExpiresAt.Format("15:04")),
			Purpose:   "session_extended",
		})
		if err != nil {
			logx.From(ctx).Warn("extend confirmation not queued", "session_id", updated.ID, "err", err)
		} else {
			logx.From(ctx).Info("extend confirmation queued", "session_id", updated.ID, "sms_ref", ref)
		}
	}
	return updated, nil
}

// ExtendBy adds minutes to the account's current session; it backs the
// "EXTEND <minutes>" SMS keyword.
func (s *SessionService) ExtendBy(ctx context.Context, accountID uuid.UUID, d time.Duration) (*domain.Session, error) {
	current, err := s.sessions.LatestActiveForAccount(ctx, accountID)
	if err != nil {
		return nil, err
	}
	zone, err := s.zones.Get(ctx, current.ZoneID)
	if err != nil {
		return nil, err
	}
	if current.ExpiresAt.Add(d).Sub(current.StartedAt) > time.Duration(zone.MaxStayMinutes)*time.Minute {
		return nil, ErrMaxStayExceeded
	}

	var updated *domain.Session
	err = s.tx.InTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		updated, err = s.sessions.ExtendBy(ctx, tx, current.ID, d)
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := s.scheduleReminder(ctx, updated); err != nil && !errors.Is(err, context.Canceled) {
		logx.From(ctx).Warn("reschedule reminder failed", "session_id", updated.ID, "err", err)
	}
	return updated, nil
}
