package events

import (
	"context"
	"log/slog"
	"time"

	"github.com/saltline-charters/charterhub/internal/service"
)

// WeatherService applies met-office alerts.
type WeatherService interface {
	ApplyAlert(ctx context.Context, a service.Alert) error
	LiftAlert(ctx context.Context, alertID string, liftedAt time.Time) (int64, error)
}

// WeatherHandlers handles the weather alert feed.
type WeatherHandlers struct {
	svc WeatherService
	log *slog.Logger
}

func NewWeatherHandlers(svc WeatherService, log *slog.Logger) *WeatherHandlers {
	return &WeatherHandlers{svc: svc, log: log}
}

func (h *WeatherHandlers) Register(r *Registry) {
	r.Handle("weather.alert.issued", Decode(h.svc.ApplyAlert))
	r.Handle("weather.alert.lifted", Decode(h.lifted))
}

type alertLifted struct {
	AlertID  string    `json:"alert_id"`
	LiftedAt time.Time `json:"lifted_at"`
}

func (h *WeatherHandlers) lifted(ctx context.Context, ev alertLifted) error {
	reopened, err := h.svc.LiftAlert(ctx, ev.AlertID, ev.LiftedAt)
	if err != nil {
		return err
	}
	h.log.InfoContext(ctx, "weather alert lifted", "alert_id", ev.AlertID, "trips_reopened", reopened)
	return nil
}
