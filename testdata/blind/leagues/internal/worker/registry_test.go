package worker

import (
	"testing"

	"github.com/fieldday/leagues/internal/jobs"
)

func TestEveryTaskTypeHasARoute(t *testing.T) {
	h := &Handlers{}
	seen := map[string]bool{}
	for _, r := range h.routes() {
		if seen[r.taskType] {
			t.Fatalf("task type %q registered twice", r.taskType)
		}
		seen[r.taskType] = true
	}
	for _, typ := range []string{
		jobs.TypeReminderSend, jobs.TypePaymentDueSweep, jobs.TypePaymentDue, jobs.TypeOutboxDeliver,
		jobs.TypeReceipt, jobs.TypeWaitlistPromote, jobs.TypeExpireUnpaid, jobs.TypePaymentReconcile,
		jobs.TypeBackgroundCheck, jobs.TypeTeamsAutoAssign,
	} {
		if !seen[typ] {
			t.Errorf("no route for %q", typ)
		}
	}
}
