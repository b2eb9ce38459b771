// Package envelopes implements app.EnvelopeService.
package envelopes

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"regexp"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/domain"
	"github.com/quillsign/esign/internal/jobs/jobargs"
	"github.com/quillsign/esign/internal/platform/ids"
	"github.com/quillsign/esign/internal/store/queries"
)

// Service implements app.EnvelopeService.
type Service struct {
	db    app.Database
	queue app.JobQueue
	now   app.Clock
}

var _ app.EnvelopeService = (*Service)(nil)

// New returns a Service.
func New(db app.Database, queue app.JobQueue, now app.Clock) *Service {
	return &Service{db: db, queue: queue, now: now}
}

// Create stores a draft envelope. Requests are deduplicated on the caller's
// idempotency key: a repeat returns the envelope created by the first call.
func (s *Service) Create(ctx context.Context, accountID, idempotencyKey string, in app.CreateEnvelopeInput) (*app.EnvelopeView, bool, error) {
	if err := validateCreate(in); err != nil {
		return nil, false, err
	}
	now := s.now()
	key := idempotencyKey
	env := domain.Envelope{
		ID:                    ids.Prefixed(ids.Envelope),
		AccountID:             accountID,
		IdempotencyKey:        &key,
		Subject:               in.Subject,
		Message:               in.Message,
		DocumentURL:           in.DocumentURL,
		DocumentSHA256:        in.DocumentSHA256,
		SenderEmail:           in.SenderEmail,
		ReminderIntervalHours: in.ReminderIntervalHours,
		CreatedAt:             now,
	}
	if env.ReminderIntervalHours == 0 {
		env.ReminderIntervalHours = 48
	}

	var created bool
	err := s.db.InTx(ctx, func(tx pgx.Tx) error {
		id, inserted, err := queries.InsertEnvelopeIdempotent(ctx, tx, env)
		if err != nil {
			return err
		}
		env.ID, created = id, inserted
		if !inserted {
			return nil
		}
		signers := make([]domain.Signer, 0, len(in.Signers))
		for _, si := range in.Signers {
			sg := domain.Signer{
				ID:           ids.Prefixed(ids.Signer),
				EnvelopeID:   env.ID,
				Name:         si.Name,
				Email:        si.Email,
				RoutingOrder: max(si.RoutingOrder, 1),
			}
			if si.Phone != "" {
				phone := si.Phone
				sg.Phone = &phone
			}
			signers = append(signers, sg)
		}
		return queries.InsertSigners(ctx, tx, signers)
	})
	if err != nil {
		return nil, false, fmt.Errorf("create envelope: %w", err)
	}
	view, err := s.Get(ctx, accountID, env.ID)
	return view, created, err
}

// Get returns an envelope with its signers.
func (s *Service) Get(ctx context.Context, accountID, id string) (*app.EnvelopeView, error) {
	env, err := queries.GetEnvelope(ctx, s.db, accountID, id)
	if errors.Is(err, queries.ErrNotFound) {
		return nil, app.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	signers, err := queries.ListSigners(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	return &app.EnvelopeView{Envelope: env, Signers: signers}, nil
}

// Send moves a draft envelope to sent, invites the first routing group and
// schedules billing. Sending an envelope that is already sent is a no-op.
func (s *Service) Send(ctx context.Context, accountID, id string) (*app.EnvelopeView, error) {
	err := s.db.InTx(ctx, func(tx pgx.Tx) error {
		env, err := queries.LockEnvelope(ctx, tx, accountID, id)
		if errors.Is(err, queries.ErrNotFound) {
			return app.ErrNotFound
		}
		if err != nil {
			return err
		}
		switch env.Status {
		case domain.EnvelopeDraft:
		case domain.EnvelopeSent:
			return nil
		default:
			return fmt.Errorf("%w: envelope is %s", app.ErrConflict, env.Status)
		}

		sent, err := queries.MarkEnvelopeSent(ctx, tx, id, s.now())
		if err != nil || !sent {
			return err
		}
		group, err := queries.NextRoutingGroup(ctx, tx, id)
		if err != nil {
			return err
		}
		params := []river.InsertManyParams{{Args: jobargs.ChargeEnvelope{EnvelopeID: id}}}
		for _, sg := range group {
			params = append(params, river.InsertManyParams{
				Args: jobargs.SignerInvite{EnvelopeID: id, SignerID: sg.ID},
			})
		}
		return s.queue.InsertManyTx(ctx, tx, params)
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, accountID, id)
}

// Void cancels a draft or sent envelope and notifies waiting signers.
func (s *Service) Void(ctx context.Context, accountID, id, reason string) (*app.EnvelopeView, error) {
	if reason == "" {
		return nil, app.Invalid("reason", "required")
	}
	err := s.db.InTx(ctx, func(tx pgx.Tx) error {
		voided, err := queries.VoidEnvelope(ctx, tx, accountID, id, reason, s.now())
		if err != nil {
			return err
		}
		if !voided {
			env, err := queries.GetEnvelope(ctx, tx, accountID, id)
			switch {
			case errors.Is(err, queries.ErrNotFound):
				return app.ErrNotFound
			case err != nil:
				return err
			case env.Status == domain.EnvelopeVoided:
				return nil
			default:
				return fmt.Errorf("%w: envelope is %s", app.ErrConflict, env.Status)
			}
		}
		return s.queue.InsertTx(ctx, tx, jobargs.VoidNotice{EnvelopeID: id}, nil)
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, accountID, id)
}

var (
	sha256Hex = regexp.MustCompile(`^[0-9a-f]{64}$`)
	e164      = regexp.MustCompile(`^\+[1-9][0-9]{6,14}$`)
)

const maxSigners = 50

func validateCreate(in app.CreateEnvelopeInput) error {
	if strings.TrimSpace(in.Subject) == "" {
		return app.Invalid("subject", "required")
	}
	if len(in.Subject) > 200 {
		return app.Invalid("subject", "at most 200 characters")
	}
	u, err := url.Parse(in.DocumentURL)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return app.Invalid("document_url", "must be an https URL")
	}
	if !sha256Hex.MatchString(in.DocumentSHA256) {
		return app.Invalid("document_sha256", "must be a lower-case hex SHA-256")
	}
	if _, err := mail.ParseAddress(in.SenderEmail); err != nil {
		return app.Invalid("sender_email", "invalid address")
	}
	if in.ReminderIntervalHours < 0 || in.ReminderIntervalHours > 24*30 {
		return app.Invalid("reminder_interval_hours", "between 1 and 720")
	}
	if len(in.Signers) == 0 || len(in.Signers) > maxSigners {
		return app.Invalid("signers", "between 1 and 50 signers")
	}
	seen := make(map[string]bool, len(in.Signers))
	for _, s := range in.Signers {
		addr := strings.ToLower(s.Email)
		if _, err := mail.ParseAddress(addr); err != nil {
			return app.Invalid("signers.email", "invalid address "+s.Email)
		}
		if seen[addr] {
			return app.Invalid("signers.email", "duplicate signer "+s.Email)
		}
		seen[addr] = true
		if s.Phone != "" && !e164.MatchString(s.Phone) {
			return app.Invalid("signers.phone", "must be E.164")
		}
		if strings.TrimSpace(s.Name) == "" {
			return app.Invalid("signers.name", "required")
		}
	}
	return nil
}
