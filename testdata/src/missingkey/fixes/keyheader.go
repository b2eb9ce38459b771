package fixes

// keyHeader is the header the providers this package posts to drop a
// repeated request by.
const keyHeader = "Idempotency-Key"
