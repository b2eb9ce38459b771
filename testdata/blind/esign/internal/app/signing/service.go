// Package signing implements app.SigningService.
package signing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/domain"
	"github.com/quillsign/esign/internal/jobs/jobargs"
	"github.com/quillsign/esign/internal/platform/ids"
	"github.com/quillsign/esign/internal/store"
	"github.com/quillsign/esign/internal/store/queries"
)

// Service implements app.SigningService.
type Service struct {
	db    app.Database
	queue app.JobQueue
	now   app.Clock
	log   *slog.Logger
}

var _ app.SigningService = (*Service)(nil)

// New returns a Service.
func New(db app.Database, queue app.JobQueue, now app.Clock, log *slog.Logger) *Service {
	return &Service{db: db, queue: queue, now: now, log: log}
}

// Sign records a signer's signature. When the signer was the last one of
// their routing group the next group is invited; when they were the last
// signer the envelope is completed.
func (s *Service) Sign(ctx context.Context, accountID, envelopeID, signerID string, in app.SignInput) (*app.EnvelopeView, error) {
	if len(in.SignatureSHA256) != 64 {
		return nil, app.Invalid("signature_sha256", "must be a hex SHA-256")
	}
	env, err := queries.GetEnvelope(ctx, s.db, accountID, envelopeID)
	if errors.Is(err, queries.ErrNotFound) {
		return nil, app.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if env.Status != domain.EnvelopeSent {
		return nil, app.ErrNotSignable
	}

	now := s.now()
	ok, err := queries.MarkSignerSigned(ctx, s.db, envelopeID, signerID, in.SignatureSHA256, in.IP, now)
	if err != nil {
		return nil, fmt.Errorf("mark signed: %w", err)
	}
	if !ok {
		return nil, app.ErrAlreadySigned
	}
	s.audit(ctx, envelopeID, signerID, "signed", map[string]string{"ip": in.IP})

	remaining, err := queries.CountUnsigned(ctx, s.db, envelopeID)
	if err != nil {
		return nil, err
	}
	if remaining > 0 {
		if err := s.inviteNextGroup(ctx, envelopeID); err != nil {
			return nil, fmt.Errorf("invite next signers: %w", err)
		}
		return s.view(ctx, env)
	}

	err = s.db.InTx(ctx, func(tx pgx.Tx) error {
		done, err := queries.CompleteEnvelope(ctx, tx, envelopeID, now)
		if err != nil || !done {
			return err
		}
		return s.queue.InsertTx(ctx, tx, jobargs.EnvelopeCompleted{EnvelopeID: envelopeID}, nil)
	})
	if err != nil {
		return nil, fmt.Errorf("complete envelope: %w", err)
	}
	env.Status = domain.EnvelopeCompleted
	return s.view(ctx, env)
}

func (s *Service) inviteNextGroup(ctx context.Context, envelopeID string) error {
	group, err := queries.NextRoutingGroup(ctx, s.db, envelopeID)
	if err != nil || len(group) == 0 {
		return err
	}
	params := make([]river.InsertManyParams, 0, len(group))
	for _, sg := range group {
		params = append(params, river.InsertManyParams{
			Args: jobargs.SignerInvite{EnvelopeID: envelopeID, SignerID: sg.ID},
		})
	}
	return s.queue.InsertMany(ctx, params)
}

// audit appends to the envelope's audit trail. Failures are logged: the
// trail is rebuilt from signer rows when the certificate is rendered.
func (s *Service) audit(ctx context.Context, envelopeID, signerID, kind string, detail map[string]string) {
	b, _ := json.Marshal(detail)
	ev := domain.EnvelopeEvent{
		ID:         ids.New(),
		EnvelopeID: envelopeID,
		SignerID:   &signerID,
		Kind:       kind,
		Detail:     b,
		OccurredAt: s.now(),
	}
	if _, err := store.Insert(ctx, s.db, ev); err != nil {
		s.log.WarnContext(ctx, "audit event not written", "envelope_id", envelopeID, "kind", kind, "err", err)
	}
}

func (s *Service) view(ctx context.Context, env domain.Envelope) (*app.EnvelopeView, error) {
	signers, err := queries.ListSigners(ctx, s.db, env.ID)
	if err != nil {
		return nil, err
	}
	return &app.EnvelopeView{Envelope: env, Signers: signers}, nil
}
