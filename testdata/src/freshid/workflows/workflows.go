// Package workflows starts Temporal workflows from HTTP handlers: the
// workflow's ID is what the server deduplicates starts on.
package workflows

import (
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/client"
)

var temporal client.Client

func startCart(w http.ResponseWriter, r *http.Request) {
	id := "CART-" + fmt.Sprintf("%d", time.Now().Unix()) // want `a retry sends a new value as the workflow's ID`
	temporal.ExecuteWorkflow(r.Context(), client.StartWorkflowOptions{ID: id, TaskQueue: "carts"}, "Cart")
}

// chargeID falls back to a fresh key when the caller sends none.
func chargeID(key string) string {
	if key == "" {
		key = uuid.NewString() // want `a retry sends a new value as the workflow's ID`
	}
	return "Charge:" + key
}

func charge(w http.ResponseWriter, r *http.Request) {
	temporal.ExecuteWorkflow(r.Context(), client.StartWorkflowOptions{ID: chargeID(r.FormValue("key"))}, "Charge")
}

// Negative: the workflow's ID is the order's, from the request.
func startOrder(w http.ResponseWriter, r *http.Request) {
	temporal.ExecuteWorkflow(r.Context(), client.StartWorkflowOptions{ID: "order-" + r.FormValue("order")}, "Order")
}

// Negative: a daily run's ID is its day, the same on every attempt of
// that day.
func startDaily(w http.ResponseWriter, r *http.Request) {
	day := time.Now().UTC().AddDate(0, 0, -1).Format("2006-01-02")
	temporal.ExecuteWorkflow(r.Context(), client.StartWorkflowOptions{ID: "settle-" + day}, "Settle")
}

// Negative: the same from the date's parts.
func startYearly(w http.ResponseWriter, r *http.Request) {
	year := time.Now().Year()
	temporal.ExecuteWorkflow(r.Context(), client.StartWorkflowOptions{ID: fmt.Sprintf("report-%d", year)}, "Report")
}

// Negative: an hourly run's ID is its hour, a window the code chose.
func startHourBucket(w http.ResponseWriter, r *http.Request) {
	hour := time.Now().UTC().Format("2006010215")
	temporal.ExecuteWorkflow(r.Context(), client.StartWorkflowOptions{ID: "topup-" + hour}, "TopUp")
}

// A layout with the time of day to the minute is fresh on every
// attempt.
func startHourly(w http.ResponseWriter, r *http.Request) {
	at := time.Now().Format("2006-01-02T15:04:05.000") // want `a retry sends a new value as the workflow's ID`
	temporal.ExecuteWorkflow(r.Context(), client.StartWorkflowOptions{ID: "sweep-" + at}, "Sweep")
}

// So is one to the minute without seconds.
func startMinutely(w http.ResponseWriter, r *http.Request) {
	at := time.Now().Format("200601021504") // want `a retry sends a new value as the workflow's ID`
	temporal.ExecuteWorkflow(r.Context(), client.StartWorkflowOptions{ID: "tick-" + at}, "Tick")
}
