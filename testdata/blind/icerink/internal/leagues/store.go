package leagues

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline-arena/rinkops/internal/db"
	"github.com/frostline-arena/rinkops/internal/platform"
)

// Repository is the persistence the league handlers need.
type Repository interface {
	Team(ctx context.Context, id uuid.UUID) (db.LeagueTeam, error)
	TeamByPartnerID(ctx context.Context, partnerTeamID string) (db.LeagueTeam, error)
	InsertTeam(ctx context.Context, p db.InsertLeagueTeamParams) (db.LeagueTeam, error)

	CreateIceRequest(ctx context.Context, p db.InsertIceRequestParams) (db.IceRequest, error)
	IceRequest(ctx context.Context, id uuid.UUID) (db.IceRequest, error)
	ApproveRequest(ctx context.Context, id uuid.UUID) (bool, error)

	CreateBooking(ctx context.Context, p db.InsertIceBookingParams) error
	Booking(ctx context.Context, id uuid.UUID) (db.IceBooking, error)
	BookingForGame(ctx context.Context, partnerGameID string) (db.IceBooking, error)
	CancelBooking(ctx context.Context, id uuid.UUID) (db.IceBooking, error)
	MarkMoved(ctx context.Context, id uuid.UUID) (bool, error)
	MarkRefunded(ctx context.Context, id uuid.UUID, refundID string) error
	SetCharge(ctx context.Context, id uuid.UUID, chargeID string) (bool, error)
	RepointGame(ctx context.Context, p db.RepointLeagueGameParams) error

	ClaimEvent(ctx context.Context, eventID, eventType string) (bool, error)
	AddCredit(ctx context.Context, p db.InsertTeamCreditParams) error

	UnexportedGames(ctx context.Context, limit int32) ([]db.ListUnexportedGamesRow, error)
	MarkGameExported(ctx context.Context, id uuid.UUID) error
	StartExportRun(ctx context.Context, id string, at time.Time) error
	FinishExportRun(ctx context.Context, id string, fixtures int, status string) error
}

// Store implements Repository on Postgres. Methods join the transaction on
// the context when there is one.
type Store struct {
	pool *pgxpool.Pool
}

func NewStore(pool *pgxpool.Pool) *Store {
	return &Store{pool: pool}
}

func (s *Store) q(ctx context.Context) *db.Queries { return platform.Q(ctx, s.pool) }

func (s *Store) Team(ctx context.Context, id uuid.UUID) (db.LeagueTeam, error) {
	t, err := s.q(ctx).GetLeagueTeam(ctx, id)
	return t, platform.NotFound(err, "team")
}

func (s *Store) TeamByPartnerID(ctx context.Context, partnerTeamID string) (db.LeagueTeam, error) {
	t, err := s.q(ctx).GetLeagueTeamByPartnerID(ctx, partnerTeamID)
	return t, platform.NotFound(err, "team")
}

func (s *Store) InsertTeam(ctx context.Context, p db.InsertLeagueTeamParams) (db.LeagueTeam, error) {
	return s.q(ctx).InsertLeagueTeam(ctx, p)
}

func (s *Store) CreateIceRequest(ctx context.Context, p db.InsertIceRequestParams) (db.IceRequest, error) {
	return s.q(ctx).InsertIceRequest(ctx, p)
}

func (s *Store) IceRequest(ctx context.Context, id uuid.UUID) (db.IceRequest, error) {
	r, err := s.q(ctx).GetIceRequest(ctx, id)
	return r, platform.NotFound(err, "ice request")
}

func (s *Store) ApproveRequest(ctx context.Context, id uuid.UUID) (bool, error) {
	n, err := s.q(ctx).ApproveIceRequest(ctx, id)
	return n == 1, err
}

func (s *Store) CreateBooking(ctx context.Context, p db.InsertIceBookingParams) error {
	return s.q(ctx).InsertIceBooking(ctx, p)
}

func (s *Store) Booking(ctx context.Context, id uuid.UUID) (db.IceBooking, error) {
	b, err := s.q(ctx).GetIceBooking(ctx, id)
	return b, platform.NotFound(err, "booking")
}

func (s *Store) BookingForGame(ctx context.Context, partnerGameID string) (db.IceBooking, error) {
	b, err := s.q(ctx).GetIceBookingByGame(ctx, partnerGameID)
	return b, platform.NotFound(err, "booking for game")
}

func (s *Store) CancelBooking(ctx context.Context, id uuid.UUID) (db.IceBooking, error) {
	b, err := s.q(ctx).CancelIceBooking(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return db.IceBooking{}, pgx.ErrNoRows
	}
	return b, err
}

func (s *Store) MarkMoved(ctx context.Context, id uuid.UUID) (bool, error) {
	n, err := s.q(ctx).MarkBookingMoved(ctx, id)
	return n == 1, err
}

func (s *Store) MarkRefunded(ctx context.Context, id uuid.UUID, refundID string) error {
	return s.q(ctx).MarkBookingRefunded(ctx, id, pgtype.Text{String: refundID, Valid: true})
}

func (s *Store) SetCharge(ctx context.Context, id uuid.UUID, chargeID string) (bool, error) {
	n, err := s.q(ctx).SetBookingCharge(ctx, id, pgtype.Text{String: chargeID, Valid: true})
	return n == 1, err
}

func (s *Store) RepointGame(ctx context.Context, p db.RepointLeagueGameParams) error {
	return s.q(ctx).RepointLeagueGame(ctx, p)
}

func (s *Store) ClaimEvent(ctx context.Context, eventID, eventType string) (bool, error) {
	n, err := s.q(ctx).ClaimPartnerEvent(ctx, eventID, eventType)
	return n == 1, err
}

func (s *Store) AddCredit(ctx context.Context, p db.InsertTeamCreditParams) error {
	q := s.q(ctx)
	if err := q.InsertTeamCredit(ctx, p); err != nil {
		return err
	}
	return q.AddTeamCreditMinutes(ctx, p.TeamID, p.Minutes)
}

func (s *Store) UnexportedGames(ctx context.Context, limit int32) ([]db.ListUnexportedGamesRow, error) {
	return s.q(ctx).ListUnexportedGames(ctx, limit)
}

func (s *Store) MarkGameExported(ctx context.Context, id uuid.UUID) error {
	return s.q(ctx).MarkGameExported(ctx, id)
}

func (s *Store) StartExportRun(ctx context.Context, id string, at time.Time) error {
	return s.q(ctx).InsertExportRun(ctx, id, at)
}

func (s *Store) FinishExportRun(ctx context.Context, id string, fixtures int, status string) error {
	return s.q(ctx).FinishExportRun(ctx, id, int32(fixtures), status)
}

var _ Repository = (*Store)(nil)
