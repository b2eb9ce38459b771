package xworker

import (
	"go.temporal.io/sdk/worker"

	"missingkey/xact"
)

func register(w worker.Worker) {
	w.RegisterActivity(xact.Notify) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: http.PostForm\(\) in xact.Notify .* \(Temporal activity xact.Notify\)`
}
