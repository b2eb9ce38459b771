// Package statements builds monthly royalty statements and emails them.
package statements

import (
	"context"
	"time"

	"github.com/google/wire"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/ids"
	"github.com/soundledger/artistpay/internal/platform/tasks"
)

// ProviderSet wires the statements services.
var ProviderSet = wire.NewSet(NewGenerator, NewMailer)

// Generator builds statements from allocations and recoupments.
type Generator struct {
	db    *gorm.DB
	queue tasks.Enqueuer
}

// NewGenerator returns the generator.
func NewGenerator(db *gorm.DB, q tasks.Enqueuer) *Generator {
	return &Generator{db: db, queue: q}
}

type artistTotal struct {
	ArtistID string
	Micros   int64
}

// Generate builds (or rebuilds) every artist's statement for period and
// schedules the emails.
func (g *Generator) Generate(ctx context.Context, period string) (int, error) {
	db := g.db.WithContext(ctx)
	var gross []artistTotal
	if err := db.Model(&models.RoyaltyAllocation{}).
		Select("artist_id, SUM(amount_micros) AS micros").
		Where("period = ?", period).
		Group("artist_id").
		Scan(&gross).Error; err != nil {
		return 0, err
	}
	var recouped []artistTotal
	if err := db.Table("recoupment_applications AS ra").
		Select("a.artist_id AS artist_id, SUM(ra.amount_micros) AS micros").
		Joins("JOIN advances a ON a.id = ra.advance_id").
		Where("ra.period = ?", period).
		Group("a.artist_id").
		Scan(&recouped).Error; err != nil {
		return 0, err
	}
	rec := make(map[string]int64, len(recouped))
	for _, r := range recouped {
		rec[r.ArtistID] = r.Micros
	}
	if len(gross) == 0 {
		return 0, nil
	}
	now := time.Now().UTC()
	rows := make([]models.Statement, 0, len(gross))
	for _, t := range gross {
		rows = append(rows, models.Statement{
			ID:             ids.Derived("statement", t.ArtistID, period),
			ArtistID:       t.ArtistID,
			Period:         period,
			GrossMicros:    t.Micros,
			RecoupedMicros: rec[t.ArtistID],
			NetMicros:      t.Micros - rec[t.ArtistID],
			Currency:       "USD",
			Status:         "final",
			CreatedAt:      now,
			UpdatedAt:      now,
		})
	}
	if err := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "artist_id"}, {Name: "period"}},
		DoUpdates: clause.AssignmentColumns([]string{"gross_micros", "recouped_micros", "net_micros", "updated_at"}),
	}).Create(&rows).Error; err != nil {
		return 0, err
	}
	var stmtIDs []string
	if err := db.Model(&models.Statement{}).Where("period = ?", period).Pluck("id", &stmtIDs).Error; err != nil {
		return 0, err
	}
	for _, id := range stmtIDs {
		if err := tasks.Enqueue(ctx, g.queue, tasks.TypeStatementEmail,
			tasks.StatementEmailPayload{StatementID: id},
			tasks.Once("statement-email:"+id)...); err != nil {
			return 0, err
		}
	}
	return len(stmtIDs), nil
}
