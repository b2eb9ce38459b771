package xworker

import (
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/worker"

	"missingkey/xact"
)

func registerTable(w worker.Worker, acts *xact.Activities) {
	for _, d := range acts.Defs() {
		w.RegisterActivityWithOptions(d.Fn, activity.RegisterOptions{Name: d.Name}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: http.PostForm\(\) in xact.Activities.Charge .* \(Temporal activity Activities.Charge\)` `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: http.PostForm\(\) in xact.Activities.postJSON .* \(Temporal activity Activities.Book\)`
	}
	h := xact.DefaultHooks()
	h.After()
}
