package scheduling

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/renalnet/dialysis-ops/internal/db"
)

// MaterializeWeek creates the treatment_sessions rows for every active
// schedule in every clinic for the week starting on monday. Clinics are
// processed one transaction each so a problem in one clinic's data does
// not hold up the rest of the network.
func (s *Service) MaterializeWeek(ctx context.Context, monday time.Time) (int64, error) {
	clinics, err := s.store.Q().ListClinicIDs(ctx)
	if err != nil {
		return 0, err
	}
	var total int64
	for _, clinicID := range clinics {
		n, err := s.materializeClinicWeek(ctx, clinicID, monday)
		if err != nil {
			return total, fmt.Errorf("clinic %s: %w", clinicID, err)
		}
		s.log.InfoContext(ctx, "materialized week", "clinic_id", clinicID, "week", monday.Format("2006-01-02"), "sessions", n)
		total += n
	}
	return total, nil
}

func (s *Service) materializeClinicWeek(ctx context.Context, clinicID uuid.UUID, monday time.Time) (int64, error) {
	sunday := monday.AddDate(0, 0, 6)
	var inserted int64
	err := s.store.InTx(ctx, func(q *db.Queries) error {
		schedules, err := q.ListActiveSchedulesForClinic(ctx, db.ListActiveSchedulesForClinicParams{
			ClinicID:   clinicID,
			WindowFrom: monday,
			WindowTo:   sunday,
		})
		if err != nil {
			return err
		}
		rows := make([]db.InsertTreatmentSessionParams, 0, len(schedules)*3)
		for _, sc := range schedules {
			var until time.Time
			if sc.EndsOn.Valid {
				until = sc.EndsOn.Time
			}
			for _, d := range sessionDates(sc.Pattern, monday, sc.StartsOn, until) {
				rows = append(rows, db.InsertTreatmentSessionParams{
					ID:          s.newID(),
					ScheduleID:  sc.ID,
					ClinicID:    sc.ClinicID,
					PatientID:   sc.PatientID,
					ChairID:     sc.ChairID,
					SessionDate: d,
					Shift:       sc.Shift,
				})
			}
		}
		if len(rows) == 0 {
			return nil
		}
		n, err := q.InsertTreatmentSessions(ctx, rows)
		inserted = n
		return err
	})
	return inserted, err
}
