package migrations

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

// guestClasses is the visitor dock layout for the 2025 season. Capacity is the
// number of transient slips of each class on the T-dock and the fuel-dock
// face; the harbourmaster adjusts individual nights from the admin screen.
var guestClasses = []struct {
	class    string
	capacity int
	rate     int64
}{
	{"under_30", 6, 6500},
	{"30_to_40", 8, 9500},
	{"40_to_55", 4, 14500},
	{"over_55", 2, 22000},
}

func init() {
	Migrations.MustRegister(func(ctx context.Context, db *bun.DB) error {
		start := time.Date(2025, time.April, 15, 0, 0, 0, 0, time.UTC)
		end := time.Date(2025, time.October, 31, 0, 0, 0, 0, time.UTC)
		for night := start; !night.After(end); night = night.AddDate(0, 0, 1) {
			for _, gc := range guestClasses {
				_, err := db.NewRaw(`INSERT INTO guest_berth_inventory (night, berth_class, capacity, booked, rate_cents)
					VALUES (?, ?, ?, 0, ?) ON CONFLICT (night, berth_class) DO NOTHING`,
					night, gc.class, gc.capacity, gc.rate).Exec(ctx)
				if err != nil {
					return err
				}
			}
		}
		return nil
	}, func(ctx context.Context, db *bun.DB) error {
		_, err := db.NewRaw(`DELETE FROM guest_berth_inventory WHERE booked = 0
			AND night BETWEEN '2025-04-15' AND '2025-10-31'`).Exec(ctx)
		return err
	})
}
