package leagues

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/providers/fixtures"
)

// FixturePoster publishes fixtures to the league portal.
type FixturePoster interface {
	PostFixture(ctx context.Context, f fixtures.Fixture) (*fixtures.FixtureAck, error)
}

// ScheduleExporter pushes confirmed league games that the portal has not
// seen yet. It runs nightly from rinkcron and is rerun by the scheduler if
// it exits non-zero.
type ScheduleExporter struct {
	repo     Repository
	fixtures FixturePoster
	log      *slog.Logger
	Batch    int32
}

func NewScheduleExporter(repo Repository, fx FixturePoster, log *slog.Logger) *ScheduleExporter {
	return &ScheduleExporter{repo: repo, fixtures: fx, log: log, Batch: 500}
}

func (e *ScheduleExporter) Run(ctx context.Context) (int, error) {
	runID := platform.NewRunID()
	if err := e.repo.StartExportRun(ctx, runID, time.Now().UTC()); err != nil {
		return 0, err
	}
	n, err := e.export(ctx)
	status := "succeeded"
	if err != nil {
		status = "failed"
	}
	if ferr := e.repo.FinishExportRun(context.WithoutCancel(ctx), runID, n, status); ferr != nil {
		e.log.WarnContext(ctx, "export: finish run", "run", runID, "err", ferr)
	}
	return n, err
}

func (e *ScheduleExporter) export(ctx context.Context) (int, error) {
	games, err := e.repo.UnexportedGames(ctx, e.Batch)
	if err != nil {
		return 0, err
	}
	names := map[uuid.UUID]string{}
	teamName := func(ctx context.Context, id uuid.UUID) (string, error) {
		if n, ok := names[id]; ok {
			return n, nil
		}
		t, err := e.repo.Team(ctx, id)
		if err != nil {
			return "", err
		}
		names[id] = t.Name
		return t.Name, nil
	}

	exported := 0
	for _, g := range games {
		home, err := teamName(ctx, g.HomeTeamID)
		if err != nil {
			return exported, err
		}
		away, err := teamName(ctx, g.AwayTeamID)
		if err != nil {
			return exported, err
		}
		ack, err := e.fixtures.PostFixture(ctx, fixtures.Fixture{
			Surface:     g.RinkID,
			GameRef:     g.PartnerGameID,
			HomeTeam:    home,
			AwayTeam:    away,
			FaceoffAt:   g.StartsAt,
			IceReleased: g.EndsAt,
		})
		if err != nil {
			return exported, err
		}
		if err := e.repo.MarkGameExported(ctx, g.ID); err != nil {
			return exported, fmt.Errorf("mark %s exported (fixture %s): %w", g.PartnerGameID, ack.FixtureID, err)
		}
		exported++
	}
	return exported, nil
}
