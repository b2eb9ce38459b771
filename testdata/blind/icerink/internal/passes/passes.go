// Package passes sells and renews season passes. A pass is paid monthly
// on the member's Cardpay customer; the first month is charged at purchase
// and later months by the renewal task.
package passes

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/google/wire"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline-arena/rinkops/internal/db"
	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/providers/cardpay"
)

var ProviderSet = wire.NewSet(NewStore, wire.Bind(new(Repository), new(*Store)), NewCommands, NewRenewalSweep)

// Monthly price per tier, in cents.
var tierPrices = map[string]int32{
	"public":  3900,
	"family":  8900,
	"adult":   5900,
	"stick":   7400, // includes stick-and-puck sessions
	"student": 2900,
}

type Purchase struct {
	MemberID uuid.UUID
	Season   string // e.g. "2025-26"
	Tier     string
}

func (c Purchase) Validate() error {
	if _, ok := tierPrices[c.Tier]; !ok {
		return fmt.Errorf("unknown tier %q", c.Tier)
	}
	if len(c.Season) != 7 {
		return errors.New("season must look like 2025-26")
	}
	return nil
}

type Renew struct {
	PassID uuid.UUID
	Period string
}

// ConfirmRenewal applies a renewal charge Cardpay reported as succeeded.
type ConfirmRenewal struct {
	PassID   uuid.UUID
	Period   string
	ChargeID string
}

// Payments is the Cardpay surface used for passes.
type Payments interface {
	CreateCharge(ctx context.Context, req cardpay.ChargeRequest, opts ...cardpay.CallOption) (*cardpay.Charge, error)
}

type Repository interface {
	Member(ctx context.Context, id uuid.UUID) (db.Member, error)
	Pass(ctx context.Context, id uuid.UUID) (db.SeasonPass, error)
	PassForMember(ctx context.Context, memberID uuid.UUID, season string) (db.SeasonPass, error)
	InsertPass(ctx context.Context, p db.InsertSeasonPassParams) error
	DueForRenewal(ctx context.Context, before time.Time) ([]db.SeasonPass, error)
	OpenCharge(ctx context.Context, passID uuid.UUID, period string, amount int32) (db.PassCharge, error)
	ChargeSubmitted(ctx context.Context, passID uuid.UUID, period, chargeID string) error
	ChargePaid(ctx context.Context, passID uuid.UUID, period, chargeID string) error
	Extend(ctx context.Context, passID uuid.UUID) error
}

type Store struct {
	pool *pgxpool.Pool
}

func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

func (s *Store) Member(ctx context.Context, id uuid.UUID) (db.Member, error) {
	m, err := platform.Q(ctx, s.pool).GetMember(ctx, id)
	return m, platform.NotFound(err, "member")
}

func (s *Store) Pass(ctx context.Context, id uuid.UUID) (db.SeasonPass, error) {
	p, err := platform.Q(ctx, s.pool).GetSeasonPass(ctx, id)
	return p, platform.NotFound(err, "season pass")
}

func (s *Store) PassForMember(ctx context.Context, memberID uuid.UUID, season string) (db.SeasonPass, error) {
	p, err := platform.Q(ctx, s.pool).GetSeasonPassByMember(ctx, memberID, season)
	return p, platform.NotFound(err, "season pass")
}

func (s *Store) InsertPass(ctx context.Context, p db.InsertSeasonPassParams) error {
	return platform.Q(ctx, s.pool).InsertSeasonPass(ctx, p)
}

func (s *Store) DueForRenewal(ctx context.Context, before time.Time) ([]db.SeasonPass, error) {
	return platform.Q(ctx, s.pool).ListPassesDueForRenewal(ctx, pgtype.Date{Time: before, Valid: true})
}

func (s *Store) OpenCharge(ctx context.Context, passID uuid.UUID, period string, amount int32) (db.PassCharge, error) {
	return platform.Q(ctx, s.pool).UpsertPassCharge(ctx, db.UpsertPassChargeParams{PassID: passID, Period: period, AmountCents: amount})
}

func (s *Store) ChargeSubmitted(ctx context.Context, passID uuid.UUID, period, chargeID string) error {
	return platform.Q(ctx, s.pool).SetPassChargeSubmitted(ctx, passID, period, pgtype.Text{String: chargeID, Valid: true})
}

func (s *Store) ChargePaid(ctx context.Context, passID uuid.UUID, period, chargeID string) error {
	return platform.Q(ctx, s.pool).MarkPassChargePaid(ctx, passID, period, pgtype.Text{String: chargeID, Valid: true})
}

func (s *Store) Extend(ctx context.Context, passID uuid.UUID) error {
	return platform.Q(ctx, s.pool).ExtendPassValidity(ctx, passID)
}

var _ Repository = (*Store)(nil)

// firstOfNextMonth is when a freshly bought pass first comes up for renewal.
func firstOfNextMonth(now time.Time) time.Time {
	y, m, _ := now.Date()
	return time.Date(y, m+1, 1, 0, 0, 0, 0, time.UTC)
}

// periodFor names the month that a renewal due at validUntil pays for.
func periodFor(validUntil time.Time) string {
	return validUntil.Format("2006-01")
}
