package scans

import (
	"context"
	"log/slog"

	"github.com/freshpress/laundry/internal/events"
	"github.com/freshpress/laundry/internal/plant"
)

// Routes maps scan types to the plant service.
func Routes(svc *plant.Service, log *slog.Logger) *events.Dispatcher[plant.Scan] {
	d := events.NewDispatcher[plant.Scan]("plant-scans", plant.ScanType)
	d.Use(func(t string, next events.Handler[plant.Scan]) events.Handler[plant.Scan] {
		return func(ctx context.Context, sc plant.Scan) error {
			log.Debug("scan", "type", t, "scan_id", sc.ScanID, "tag", sc.TagCode, "station", sc.Station)
			return next(ctx, sc)
		}
	})
	return d.
		On(plant.ScanTagged, svc.TagGarment).
		On(plant.ScanStage, svc.RecordStage).
		On(plant.ScanDamaged, svc.ReportDamage).
		On(plant.ScanPacked, svc.MarkPacked)
}
