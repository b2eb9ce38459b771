// Package sessions handles public skate sessions: walk-up and online
// admissions against a session's capacity.
package sessions

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/google/wire"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline-arena/rinkops/internal/command"
	"github.com/frostline-arena/rinkops/internal/db"
	"github.com/frostline-arena/rinkops/internal/platform"
)

var ProviderSet = wire.NewSet(NewStore, wire.Bind(new(Repository), new(*Store)), NewCommands)

type AdmitParty struct {
	SessionID uuid.UUID
	MemberID  *uuid.UUID
	GuestName string
	PartySize int32

	// Admission is filled in by the handler.
	Admission *db.Admission
}

func (c AdmitParty) Validate() error {
	if c.PartySize < 1 || c.PartySize > 12 {
		return errors.New("party_size must be between 1 and 12")
	}
	if c.GuestName == "" {
		return errors.New("guest_name is required")
	}
	return nil
}

type Repository interface {
	Session(ctx context.Context, id uuid.UUID) (db.SkateSession, error)
	Reserve(ctx context.Context, id uuid.UUID, n int32) (int32, error)
	InsertAdmission(ctx context.Context, p db.InsertAdmissionParams) (db.Admission, error)
}

type Store struct {
	pool *pgxpool.Pool
}

func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

func (s *Store) Session(ctx context.Context, id uuid.UUID) (db.SkateSession, error) {
	sess, err := platform.Q(ctx, s.pool).GetSkateSession(ctx, id)
	return sess, platform.NotFound(err, "session")
}

// Reserve takes n places if the session still has them.
func (s *Store) Reserve(ctx context.Context, id uuid.UUID, n int32) (int32, error) {
	left, err := platform.Q(ctx, s.pool).ReserveSessionCapacity(ctx, db.ReserveSessionCapacityParams{ID: id, PartySize: n})
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, fmt.Errorf("session %s is full: %w", id, platform.ErrConflict)
	}
	return left, err
}

func (s *Store) InsertAdmission(ctx context.Context, p db.InsertAdmissionParams) (db.Admission, error) {
	return platform.Q(ctx, s.pool).InsertAdmission(ctx, p)
}

type admitHandler struct {
	repo Repository
}

func (h *admitHandler) Handle(ctx context.Context, cmd AdmitParty) error {
	if _, err := h.repo.Session(ctx, cmd.SessionID); err != nil {
		return err
	}
	if _, err := h.repo.Reserve(ctx, cmd.SessionID, cmd.PartySize); err != nil {
		return err
	}
	var member pgtype.UUID
	if cmd.MemberID != nil {
		member = pgtype.UUID{Bytes: *cmd.MemberID, Valid: true}
	}
	a, err := h.repo.InsertAdmission(ctx, db.InsertAdmissionParams{
		SessionID: cmd.SessionID,
		MemberID:  member,
		GuestName: cmd.GuestName,
		PartySize: cmd.PartySize,
	})
	if err != nil {
		return err
	}
	if cmd.Admission != nil {
		*cmd.Admission = a
	}
	return nil
}

type Commands struct {
	Admit command.Handler[AdmitParty]
}

func NewCommands(repo Repository, tx platform.TxRunner, log *slog.Logger) *Commands {
	log = log.With("module", "sessions")
	return &Commands{
		Admit: command.Apply[AdmitParty](&admitHandler{repo: repo},
			command.Logged[AdmitParty](log), command.Validated[AdmitParty](), command.Transactional[AdmitParty](tx)),
	}
}
