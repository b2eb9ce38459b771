package roots

import (
	"context"

	"github.com/google/uuid"

	"retried/xjobs"
)

// Jobs are handlers the program's own worker runs on each row it claims
// from its table of jobs, putting back the ones that fail.
type Jobs struct{}

func (Jobs) note(ctx context.Context, j *xjobs.Job) error {
	_, err := db.ExecContext(ctx, "INSERT INTO notes (id, job_id) VALUES ($1, $2)", uuid.NewString(), j.ID) // want `a retry inserts a second notes row with a new id: uuid.NewString\(\) is fresh on every attempt \(job handler of a polled table Jobs.note\); derive it from the job row's ID`
	return err
}

// JobTable lists the handlers.
func JobTable(h Jobs) xjobs.Registry { return xjobs.Registry{"note": h.note} }
