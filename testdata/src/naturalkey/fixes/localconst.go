package fixes

import (
	"context"
	"net/http"
)

// A constant declared in the function that runs it: the clause goes
// into its literal.
func subscribe(w http.ResponseWriter, r *http.Request) {
	insertSubscription(r.Context(), r.PathValue("id"), r.FormValue("url"))
}

func insertSubscription(ctx context.Context, id, url string) error {
	const query = `
		INSERT INTO subscriptions (subscription_id, url)
		VALUES ($1, $2)
	`
	_, err := pool.Exec(ctx, query, id, url) // want `caller-known subscription_id`
	return err
}
