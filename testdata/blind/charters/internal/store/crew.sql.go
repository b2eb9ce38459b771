package store

import "context"

const getCrewMember = `-- name: GetCrewMember :one
SELECT id, skipper_id, name, phone, hourly_cents, hours_booked FROM crew_members WHERE id = $1`

func (q *Queries) GetCrewMember(ctx context.Context, id string) (CrewMember, error) {
	var i CrewMember
	err := q.db.QueryRow(ctx, getCrewMember, id).Scan(&i.ID, &i.SkipperID, &i.Name, &i.Phone, &i.HourlyCents, &i.HoursBooked)
	return i, err
}

const insertCrewAssignment = `-- name: InsertCrewAssignment :exec
INSERT INTO crew_assignments (trip_id, crew_member_id, role, hours) VALUES ($1, $2, $3, $4)
ON CONFLICT (trip_id, crew_member_id) DO UPDATE SET role = EXCLUDED.role, hours = EXCLUDED.hours`

type InsertCrewAssignmentParams struct {
	TripID       string
	CrewMemberID string
	Role         string
	Hours        int32
}

func (q *Queries) InsertCrewAssignment(ctx context.Context, arg InsertCrewAssignmentParams) error {
	_, err := q.db.Exec(ctx, insertCrewAssignment, arg.TripID, arg.CrewMemberID, arg.Role, arg.Hours)
	return err
}

const addCrewHours = `-- name: AddCrewHours :exec
UPDATE crew_members SET hours_booked = hours_booked + $2 WHERE id = $1`

func (q *Queries) AddCrewHours(ctx context.Context, id string, hours int32) error {
	_, err := q.db.Exec(ctx, addCrewHours, id, hours)
	return err
}

const listTripCrew = `-- name: ListTripCrew :many
SELECT a.crew_member_id, m.name, a.role, a.hours, m.hourly_cents
FROM crew_assignments a JOIN crew_members m ON m.id = a.crew_member_id
WHERE a.trip_id = $1
ORDER BY a.crew_member_id`

type TripCrew struct {
	CrewMemberID string
	Name         string
	Role         string
	Hours        int32
	HourlyCents  int64
}

func (q *Queries) ListTripCrew(ctx context.Context, tripID string) ([]TripCrew, error) {
	rows, err := q.db.Query(ctx, listTripCrew, tripID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []TripCrew
	for rows.Next() {
		var i TripCrew
		if err := rows.Scan(&i.CrewMemberID, &i.Name, &i.Role, &i.Hours, &i.HourlyCents); err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}
