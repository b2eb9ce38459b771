CREATE TABLE holds (
    id                text PRIMARY KEY,
    client_request_id text NOT NULL UNIQUE,
    item              text NOT NULL
);

CREATE TABLE visits (
    id     text PRIMARY KEY,
    member text NOT NULL
);
