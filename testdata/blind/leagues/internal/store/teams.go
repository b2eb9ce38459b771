package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// WaitlistRepo persists waitlist entries.
type WaitlistRepo interface {
	WithTx(tx *gorm.DB) WaitlistRepo
	Create(ctx context.Context, e *WaitlistEntry) error
	Get(ctx context.Context, id string) (*WaitlistEntry, error)
	Position(ctx context.Context, e *WaitlistEntry) (int64, error)
	Transition(ctx context.Context, id, from, to string) (bool, error)
	NextWaitingForUpdate(ctx context.Context, divisionID string) (*WaitlistEntry, error)
	MarkPromoted(ctx context.Context, id string, at time.Time) error
	SetPromotedRegistration(ctx context.Context, id, registrationID string) error
}

type waitlistRepo struct{ db *gorm.DB }

// NewWaitlistRepo returns the gorm implementation.
func NewWaitlistRepo(db *gorm.DB) WaitlistRepo { return &waitlistRepo{db: db} }

func (r *waitlistRepo) WithTx(tx *gorm.DB) WaitlistRepo { return &waitlistRepo{db: tx} }

func (r *waitlistRepo) Create(ctx context.Context, e *WaitlistEntry) error {
	return mapErr(r.db.WithContext(ctx).Create(e).Error)
}

func (r *waitlistRepo) Get(ctx context.Context, id string) (*WaitlistEntry, error) {
	return first[WaitlistEntry](ctx, r.db, "id = ?", id)
}

// Position is the 1-based place of the entry among waiting entries.
func (r *waitlistRepo) Position(ctx context.Context, e *WaitlistEntry) (int64, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&WaitlistEntry{}).
		Where("division_id = ? AND status = ? AND (joined_at, id) <= (?, ?)", e.DivisionID, WaitWaiting, e.JoinedAt, e.ID).
		Count(&n).Error
	return n, mapErr(err)
}

func (r *waitlistRepo) Transition(ctx context.Context, id, from, to string) (bool, error) {
	res := r.db.WithContext(ctx).Model(&WaitlistEntry{}).Where("id = ? AND status = ?", id, from).
		Updates(map[string]any{"status": to, "updated_at": gorm.Expr("now()")})
	if res.Error != nil {
		return false, mapErr(res.Error)
	}
	return res.RowsAffected == 1, nil
}

// NextWaitingForUpdate locks the head of the division's queue. Concurrent
// promoters skip each other's locked rows.
func (r *waitlistRepo) NextWaitingForUpdate(ctx context.Context, divisionID string) (*WaitlistEntry, error) {
	var e WaitlistEntry
	err := r.db.WithContext(ctx).
		Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
		Where("division_id = ? AND status = ?", divisionID, WaitWaiting).
		Order("joined_at, id").Take(&e).Error
	if err != nil {
		return nil, mapErr(err)
	}
	return &e, nil
}

func (r *waitlistRepo) MarkPromoted(ctx context.Context, id string, at time.Time) error {
	return mapErr(r.db.WithContext(ctx).Model(&WaitlistEntry{}).Where("id = ?", id).
		Updates(map[string]any{"status": WaitPromoted, "promoted_at": at, "updated_at": gorm.Expr("now()")}).Error)
}

func (r *waitlistRepo) SetPromotedRegistration(ctx context.Context, id, registrationID string) error {
	return mapErr(r.db.WithContext(ctx).Model(&WaitlistEntry{}).Where("id = ?", id).
		Update("promoted_registration_id", registrationID).Error)
}

// TeamRepo reads teams.
type TeamRepo interface {
	WithTx(tx *gorm.DB) TeamRepo
	Get(ctx context.Context, id string) (*Team, error)
	ListByDivision(ctx context.Context, divisionID string) ([]Team, error)
}

type teamRepo struct{ db *gorm.DB }

// NewTeamRepo returns the gorm implementation.
func NewTeamRepo(db *gorm.DB) TeamRepo { return &teamRepo{db: db} }

func (r *teamRepo) WithTx(tx *gorm.DB) TeamRepo { return &teamRepo{db: tx} }

func (r *teamRepo) Get(ctx context.Context, id string) (*Team, error) {
	return first[Team](ctx, r.db, "id = ?", id)
}

func (r *teamRepo) ListByDivision(ctx context.Context, divisionID string) ([]Team, error) {
	var out []Team
	err := r.db.WithContext(ctx).Where("division_id = ?", divisionID).Order("name").Find(&out).Error
	return out, mapErr(err)
}

// AssignmentRepo persists team assignments.
type AssignmentRepo interface {
	WithTx(tx *gorm.DB) AssignmentRepo
	Insert(ctx context.Context, a *TeamAssignment) error
	InsertIgnore(ctx context.Context, a *TeamAssignment) (bool, error)
	CountByTeam(ctx context.Context, divisionID string) (map[string]int, error)
	NextJerseyNumber(ctx context.Context, teamID string) (int, error)
	DeleteByRegistration(ctx context.Context, registrationID string) error
	ListRosterContacts(ctx context.Context, divisionID string) ([]RosterContact, error)
}

type assignmentRepo struct{ db *gorm.DB }

// NewAssignmentRepo returns the gorm implementation.
func NewAssignmentRepo(db *gorm.DB) AssignmentRepo { return &assignmentRepo{db: db} }

func (r *assignmentRepo) WithTx(tx *gorm.DB) AssignmentRepo { return &assignmentRepo{db: tx} }

// Insert places a player on a team.
func (r *assignmentRepo) Insert(ctx context.Context, a *TeamAssignment) error {
	err := r.db.WithContext(ctx).Exec(
		`INSERT INTO team_assignments (id, team_id, division_id, registration_id, jersey_number, assigned_by, created_at)
		 VALUES (?, ?, ?, ?, ?, ?, now())`,
		a.ID, a.TeamID, a.DivisionID, a.RegistrationID, a.JerseyNumber, a.AssignedBy).Error
	return mapErr(err)
}

// InsertIgnore places a player unless they are already on a team, reporting
// whether a row was inserted.
func (r *assignmentRepo) InsertIgnore(ctx context.Context, a *TeamAssignment) (bool, error) {
	res := r.db.WithContext(ctx).Exec(
		`INSERT INTO team_assignments (id, team_id, division_id, registration_id, jersey_number, assigned_by, created_at)
		 VALUES (?, ?, ?, ?, ?, ?, now())
		 ON CONFLICT (registration_id) DO NOTHING`,
		a.ID, a.TeamID, a.DivisionID, a.RegistrationID, a.JerseyNumber, a.AssignedBy)
	if res.Error != nil {
		return false, mapErr(res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (r *assignmentRepo) CountByTeam(ctx context.Context, divisionID string) (map[string]int, error) {
	var rows []struct {
		TeamID string
		N      int
	}
	err := r.db.WithContext(ctx).Model(&TeamAssignment{}).
		Select("team_id, count(*) AS n").Where("division_id = ?", divisionID).
		Group("team_id").Scan(&rows).Error
	if err != nil {
		return nil, mapErr(err)
	}
	out := make(map[string]int, len(rows))
	for _, row := range rows {
		out[row.TeamID] = row.N
	}
	return out, nil
}

func (r *assignmentRepo) NextJerseyNumber(ctx context.Context, teamID string) (int, error) {
	var n int
	err := r.db.WithContext(ctx).Model(&TeamAssignment{}).
		Select("COALESCE(MAX(jersey_number), 0) + 1").Where("team_id = ?", teamID).Scan(&n).Error
	return n, mapErr(err)
}

func (r *assignmentRepo) DeleteByRegistration(ctx context.Context, registrationID string) error {
	return mapErr(r.db.WithContext(ctx).Where("registration_id = ?", registrationID).
		Delete(&TeamAssignment{}).Error)
}

func (r *assignmentRepo) ListRosterContacts(ctx context.Context, divisionID string) ([]RosterContact, error) {
	var out []RosterContact
	err := r.db.WithContext(ctx).Raw(`
		SELECT r.id AS registration_id, c.first_name AS child_first_name, t.name AS team_name,
		       d.name AS division_name, COALESCE(co.first_name || ' ' || co.last_name, 'TBD') AS coach_name,
		       h.phone AS guardian_phone, h.sms_opt_in AS sms_opt_in
		  FROM team_assignments ta
		  JOIN registrations r ON r.id = ta.registration_id
		  JOIN children c ON c.id = r.child_id
		  JOIN households h ON h.id = r.household_id
		  JOIN teams t ON t.id = ta.team_id
		  JOIN divisions d ON d.id = ta.division_id
		  LEFT JOIN coaches co ON co.id = t.coach_id
		 WHERE ta.division_id = ? AND r.status = ?
		 ORDER BY t.name, c.first_name`, divisionID, RegConfirmed).Scan(&out).Error
	return out, mapErr(err)
}
