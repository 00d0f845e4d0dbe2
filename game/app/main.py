"""Starts the desktop app (a placeholder window until the app scenes land)."""

from __future__ import annotations


def run(argv: list[str]) -> int:
    import pygame

    pygame.init()
    screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    pygame.display.set_caption("UNO")
    font = pygame.font.Font(None, 48)
    clock = pygame.time.Clock()
    frames = 0
    demo = "--demo" in argv or "--self-test" in argv
    while True:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                pygame.quit()
                return 0
        screen.fill((20, 90, 50))
        text = font.render("UNO — the table is being built", True, (255, 255, 255))
        screen.blit(text, text.get_rect(center=screen.get_rect().center))
        pygame.display.flip()
        clock.tick(60)
        frames += 1
        if demo and frames > 2:
            pygame.quit()
            return 0
