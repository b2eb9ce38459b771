package settlement

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/sendhome/remit/internal/events"
	"github.com/sendhome/remit/internal/payout"
	"github.com/sendhome/remit/internal/platform/retry"
)

const importMarkerTTL = 72 * time.Hour

// Importer loads a partner settlement file into settlement_lines.
type Importer struct {
	store  Store
	router payout.Router
	rdb    *redis.Client
	log    *slog.Logger
}

func NewImporter(store Store, router payout.Router, rdb *redis.Client, log *slog.Logger) *Importer {
	return &Importer{store: store, router: router, rdb: rdb, log: log}
}

func markerKey(partner, fileID string) string {
	return "settlement:imported:" + partner + ":" + fileID
}

// Import handles settlement.file_received. Partners sometimes announce the
// same file more than once; the marker keeps us from importing it twice.
func (im *Importer) Import(ctx context.Context, partnerName, fileID, businessDate, currency string) error {
	first, err := im.rdb.SetNX(ctx, markerKey(partnerName, fileID), time.Now().UTC().Format(time.RFC3339), importMarkerTTL).Result()
	if err != nil {
		return err
	}
	if !first {
		im.log.Info("settlement file already imported", "partner", partnerName, "file_id", fileID)
		return nil
	}

	partner, err := im.router.ByName(partnerName)
	if err != nil {
		return err
	}
	day, err := time.Parse("2006-01-02", businessDate)
	if err != nil {
		return fmt.Errorf("settlement: business date %q: %w", businessDate, err)
	}
	lines, err := retry.Do(ctx, retry.Partner, func() ([]payout.SettlementLine, error) {
		return partner.SettlementLines(ctx, fileID)
	})
	if err != nil {
		return fmt.Errorf("settlement: fetch %s/%s: %w", partnerName, fileID, err)
	}
	n, err := im.store.ImportFile(ctx, File{ID: fileID, Partner: partnerName, BusinessDate: day, Currency: currency}, lines)
	if err != nil {
		return err
	}
	im.log.Info("settlement file imported", "partner", partnerName, "file_id", fileID, "lines", n)
	return nil
}

// Poller discovers new partner files and announces them on the stream.
type Poller struct {
	store    Store
	router   payout.Router
	pub      events.Publisher
	lookback time.Duration
	log      *slog.Logger
}

func NewPoller(store Store, router payout.Router, pub events.Publisher, log *slog.Logger) *Poller {
	return &Poller{store: store, router: router, pub: pub, lookback: 7 * 24 * time.Hour, log: log}
}

func (p *Poller) Run(ctx context.Context) error {
	since := time.Now().Add(-p.lookback)
	for _, partner := range p.router.All() {
		files, err := partner.SettlementFiles(ctx, since)
		if err != nil {
			p.log.Warn("list settlement files", "partner", partner.Name(), "err", err)
			continue
		}
		ids := make([]string, 0, len(files))
		for _, f := range files {
			ids = append(ids, f.ID)
		}
		known, err := p.store.KnownFiles(ctx, partner.Name(), ids)
		if err != nil {
			return err
		}
		for _, f := range files {
			if known[f.ID] {
				continue
			}
			if _, err := p.pub.Publish(ctx, events.SettlementFileReceived, events.Fields{
				"partner":       partner.Name(),
				"file_id":       f.ID,
				"business_date": f.BusinessDate.Format("2006-01-02"),
				"currency":      f.Currency,
			}); err != nil {
				return err
			}
		}
	}
	return nil
}
