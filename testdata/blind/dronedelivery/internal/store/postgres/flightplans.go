package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/skyhop-logistics/dronedelivery/internal/domain"
)

type flightPlanRepo struct{ db DBTX }

const planColumns = `id, order_id, drone_id, operator_ref, coalesce(authority_plan_id, ''), status,
	window_start, window_end, max_altitude_m, route, created_at`

func (r flightPlanRepo) Insert(ctx context.Context, p *domain.FlightPlan) error {
	route, err := json.Marshal(p.Route)
	if err != nil {
		return fmt.Errorf("encode route: %w", err)
	}
	_, err = r.db.Exec(ctx, `
		INSERT INTO flight_plans (id, order_id, drone_id, operator_ref, authority_plan_id, status,
			window_start, window_end, max_altitude_m, route)
		VALUES ($1, $2, $3, $4, nullif($5, ''), $6, $7, $8, $9, $10)`,
		p.ID, p.OrderID, p.DroneID, p.OperatorRef, p.AuthorityPlanID, p.Status,
		p.WindowStart, p.WindowEnd, p.MaxAltitudeM, route)
	return mapErr(err)
}

func (r flightPlanRepo) scanOne(ctx context.Context, where string, arg any) (*domain.FlightPlan, error) {
	var (
		p     domain.FlightPlan
		route []byte
	)
	err := r.db.QueryRow(ctx, `SELECT `+planColumns+` FROM flight_plans WHERE `+where, arg).Scan(
		&p.ID, &p.OrderID, &p.DroneID, &p.OperatorRef, &p.AuthorityPlanID, &p.Status,
		&p.WindowStart, &p.WindowEnd, &p.MaxAltitudeM, &route, &p.CreatedAt)
	if err != nil {
		return nil, mapErr(err)
	}
	if err := json.Unmarshal(route, &p.Route); err != nil {
		return nil, fmt.Errorf("decode route for plan %s: %w", p.ID, err)
	}
	return &p, nil
}

func (r flightPlanRepo) Get(ctx context.Context, id uuid.UUID) (*domain.FlightPlan, error) {
	return r.scanOne(ctx, `id = $1`, id)
}

func (r flightPlanRepo) GetByAuthorityID(ctx context.Context, authorityPlanID string) (*domain.FlightPlan, error) {
	return r.scanOne(ctx, `authority_plan_id = $1`, authorityPlanID)
}

func (r flightPlanRepo) ActiveForDrone(ctx context.Context, droneID string) (*domain.FlightPlan, error) {
	return r.scanOne(ctx, `drone_id = $1 AND status IN ('approved', 'active') ORDER BY window_start DESC LIMIT 1`, droneID)
}

func (r flightPlanRepo) SetStatus(ctx context.Context, id uuid.UUID, from []domain.FlightPlanStatus, to domain.FlightPlanStatus) (bool, error) {
	fromText := make([]string, len(from))
	for i, s := range from {
		fromText[i] = string(s)
	}
	tag, err := r.db.Exec(ctx, `
		UPDATE flight_plans SET status = $3, updated_at = now()
		WHERE id = $1 AND status = ANY($2)`, id, fromText, to)
	if err != nil {
		return false, mapErr(err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r flightPlanRepo) Complete(ctx context.Context, id uuid.UUID, depotID string, at time.Time) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		UPDATE flight_plans
		   SET status = 'completed', completed_at = $3, landed_depot_id = nullif($2, ''), updated_at = now()
		 WHERE id = $1 AND status = 'active'`, id, depotID, at)
	if err != nil {
		return false, mapErr(err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r flightPlanRepo) InsertDecision(ctx context.Context, d *domain.PlanDecision) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO flight_plan_decisions (authority_decision_id, flight_plan_id, decision, reason, decided_at)
		VALUES ($1, $2, $3, nullif($4, ''), $5)`,
		d.AuthorityDecisionID, d.FlightPlanID, d.Decision, d.Reason, d.DecidedAt)
	return mapErr(err)
}
