package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"gorm.io/gorm"

	"github.com/fieldday/leagues/internal/platform/ids"
	"github.com/fieldday/leagues/internal/store"
)

// TeamManager implements TeamService.
type TeamManager struct {
	db          *gorm.DB
	uow         store.UnitOfWork
	teams       store.TeamRepo
	assignments store.AssignmentRepo
	regs        store.RegistrationRepo
	seasons     store.SeasonRepo
	texter      Texter
	jobs        Jobs
	newID       ids.Generator
	now         func() time.Time
}

// NewTeamManager builds the service.
func NewTeamManager(
	db *gorm.DB,
	uow store.UnitOfWork,
	teams store.TeamRepo,
	assignments store.AssignmentRepo,
	regs store.RegistrationRepo,
	seasons store.SeasonRepo,
	texter Texter,
	jobs Jobs,
) *TeamManager {
	return &TeamManager{
		db: db, uow: uow, teams: teams, assignments: assignments, regs: regs,
		seasons: seasons, texter: texter, jobs: jobs, newID: ids.NewUUID, now: time.Now,
	}
}

// AssignPlayer puts a confirmed player on a team chosen by the coordinator.
func (s *TeamManager) AssignPlayer(ctx context.Context, teamID, registrationID, assignedBy string) (*store.TeamAssignment, error) {
	var out *store.TeamAssignment
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		team, err := s.teams.WithTx(tx).Get(ctx, teamID)
		if err != nil {
			return notFound(err)
		}
		reg, err := s.regs.WithTx(tx).GetForUpdate(ctx, registrationID)
		if err != nil {
			return notFound(err)
		}
		if reg.DivisionID != team.DivisionID {
			return invalid("registration_id", "player is registered in a different division")
		}
		if reg.Status != store.RegConfirmed {
			return fmt.Errorf("%w: only confirmed players can be placed on a team", ErrInvalidState)
		}
		assignments := s.assignments.WithTx(tx)
		jersey, err := assignments.NextJerseyNumber(ctx, team.ID)
		if err != nil {
			return err
		}
		a := &store.TeamAssignment{
			ID:             s.newID(),
			TeamID:         team.ID,
			DivisionID:     team.DivisionID,
			RegistrationID: reg.ID,
			JerseyNumber:   &jersey,
			AssignedBy:     assignedBy,
		}
		if err := assignments.Insert(ctx, a); err != nil {
			if errors.Is(err, store.ErrDuplicate) {
				return fmt.Errorf("%w: player is already on a team", ErrConflict)
			}
			return err
		}
		out = a
		return nil
	})
	return out, err
}

// RequestAutoAssign schedules automatic balancing for a division. Only one
// auto-assign per division can be queued at a time.
func (s *TeamManager) RequestAutoAssign(ctx context.Context, divisionID string) error {
	if _, err := s.seasons.GetDivision(ctx, divisionID); err != nil {
		return notFound(err)
	}
	return s.jobs.EnqueueAutoAssign(ctx, divisionID)
}

// AutoAssign spreads every unassigned confirmed player in the division over
// its teams, youngest-first into the smallest team. Players already on a
// team are left alone, so running it again only places newcomers.
func (s *TeamManager) AutoAssign(ctx context.Context, divisionID string) (int, error) {
	placed := 0
	err := s.uow.Do(ctx, func(ctx context.Context, tx store.Tx) error {
		if _, err := tx.Seasons.GetDivisionForUpdate(ctx, divisionID); err != nil {
			return notFound(err)
		}
		teams, err := tx.Teams.ListByDivision(ctx, divisionID)
		if err != nil {
			return err
		}
		if len(teams) == 0 {
			return fmt.Errorf("%w: division has no teams", ErrInvalidState)
		}
		counts, err := tx.Assignments.CountByTeam(ctx, divisionID)
		if err != nil {
			return err
		}
		players, err := tx.Registrations.ListUnassignedConfirmed(ctx, divisionID)
		if err != nil {
			return err
		}
		for _, p := range players {
			sort.SliceStable(teams, func(i, j int) bool { return counts[teams[i].ID] < counts[teams[j].ID] })
			team := teams[0]
			a := &store.TeamAssignment{
				ID:             s.newID(),
				TeamID:         team.ID,
				DivisionID:     divisionID,
				RegistrationID: p.ID,
				AssignedBy:     "auto",
			}
			inserted, err := tx.Assignments.InsertIgnore(ctx, a)
			if err != nil {
				return err
			}
			if inserted {
				counts[team.ID]++
				placed++
			}
		}
		return nil
	})
	return placed, err
}

// PublishRosters texts every family in the division their child's team and
// coach, then marks the division's rosters as published.
func (s *TeamManager) PublishRosters(ctx context.Context, divisionID string) (*PublishResult, error) {
	div, err := s.seasons.GetDivision(ctx, divisionID)
	if err != nil {
		return nil, notFound(err)
	}
	if div.RosterPublishedAt != nil {
		return nil, fmt.Errorf("%w: rosters were published at %s", ErrConflict, div.RosterPublishedAt.Format(time.RFC3339))
	}
	contacts, err := s.assignments.ListRosterContacts(ctx, divisionID)
	if err != nil {
		return nil, err
	}
	res := &PublishResult{}
	for _, c := range contacts {
		if !c.SMSOptIn || c.GuardianPhone == "" {
			res.Skipped++
			continue
		}
		_, err := s.texter.Text(ctx, c.GuardianPhone, "roster", map[string]any{
			"ChildFirstName": c.ChildFirstName,
			"TeamName":       c.TeamName,
			"DivisionName":   c.DivisionName,
			"CoachName":      c.CoachName,
		})
		if err != nil {
			slog.WarnContext(ctx, "rosters: text failed", "registration_id", c.RegistrationID, "err", err)
			res.Failed++
			continue
		}
		res.Texts++
	}
	if res.Texts == 0 && res.Failed > 0 {
		return res, errors.New("rosters: every text failed; not marking as published")
	}
	if err := s.seasons.MarkRosterPublished(ctx, divisionID); err != nil {
		return res, err
	}
	return res, nil
}
