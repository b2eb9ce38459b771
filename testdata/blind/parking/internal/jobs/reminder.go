package jobs

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/hibiken/asynq"

	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/platform/queue"
	"github.com/cityparking/parking/internal/sms"
	"github.com/cityparking/parking/internal/store"
)

// SessionReminder texts the driver shortly before a session expires.
type SessionReminder struct {
	sessions store.SessionRepository
	accounts store.AccountRepository
	zones    store.ZoneRepository
	outbox   *smsOutbox
}

func NewSessionReminder(sessions store.SessionRepository, accounts store.AccountRepository,
	zones store.ZoneRepository, sender sms.Sender, smsLog store.SMSLogRepository) *SessionReminder {
	return &SessionReminder{sessions: sessions, accounts: accounts, zones: zones, outbox: newSMSOutbox(sender, smsLog)}
}

func (h *SessionReminder) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[queue.SessionReminderPayload](t)
	if err != nil {
		return fmt.Errorf("%v: %w", err, asynq.SkipRetry)
	}
	sess, err := h.sessions.Get(ctx, p.SessionID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	// A stopped or extended session makes this reminder obsolete; the
	// extension scheduled its own.
	if sess.Status != domain.SessionActive || !sess.ExpiresAt.Equal(p.ExpiresAt) {
		return nil
	}
	prefs, err := h.accounts.GetPrefs(ctx, sess.AccountID)
	if err != nil {
		return err
	}
	if !prefs.SMSReminders {
		return nil
	}
	acct, err := h.accounts.Get(ctx, sess.AccountID)
	if err != nil {
		return err
	}
	if acct.Phone == "" {
		return nil
	}
	zone, err := h.zones.Get(ctx, sess.ZoneID)
	if err != nil {
		return err
	}

	_, err = h.outbox.send(ctx, &acct.ID, sms.Message{
		To:              acct.Phone,
		Body:            fmt.Sprintf("Your parking for %s in %s ends at %s. Reply EXTEND 30 to add 30 minutes.", sess.Plate, zone.Name, sess.ExpiresAt.Format("15:04")),
		ClientReference: "session-reminder:" + sess.ID.String() + ":" + strconv.FormatInt(p.ExpiresAt.Unix(), 10),
		Tag:             "session_reminder",
	}, "session_reminder")
	return err
}
